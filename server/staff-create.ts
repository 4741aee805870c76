// `npm run staff:create -- --email admin@shop.example --role admin [--name "Ada Admin"]`
// Creates the first admin of a new shop (or any staff account), or promotes an existing account.
// Passwords never come from argv (they would sit in the shell history and `ps`): from the
// environment (STAFF_PASSWORD, STAFF_ADMIN_PASSWORD), else from stdin (two lines when piped,
// asked without echo on a terminal). Connects to DATABASE_URL (migrating it first), or in
// development to the embedded database under DATA_DIR. Audited as `staff.create` / `staff.promote`.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { StaffRole } from '../shared/staff/permissions';
import { createDb, migrate } from './db/knex';
import { createOrPromoteStaff, StaffCreateError } from './modules/staff/create/staff-create.service';
import { findUserByEmail } from './modules/auth/users.repo';
import { systemClock } from './clock/clock';

const USAGE = `Usage: npm run staff:create -- --email <e-mail> [--role admin|manager|support] [--name "<full name>"]
Passwords: STAFF_PASSWORD (login) and STAFF_ADMIN_PASSWORD (back-office admin password) in the
environment, or typed / piped on stdin (login password first, then the admin password).
For an existing account the login password is optional (empty keeps it).`;

function fail(message: string): never {
  process.stderr.write(`staff:create: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function parse() {
  try {
    const { values } = parseArgs({
      options: {
        email: { type: 'string' },
        role: { type: 'string', default: 'admin' },
        name: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    if (!values.email) fail('--email is required');
    return { email: values.email, role: values.role as StaffRole, name: values.name };
  } catch (err) {
    // parseArgs refuses unknown options, --password among them: a password in argv is never read.
    return fail((err as Error).message);
  }
}

/** Reads the stdin lines a pipe gives, or asks on a terminal without echoing what is typed. */
function stdinReader() {
  const tty = process.stdin.isTTY === true;
  const lines: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let closed = false;
  const output = tty ? process.stderr : undefined;
  const rl = createInterface({ input: process.stdin, output, terminal: tty });
  if (tty) {
    // Mutes the echo of what is typed; the prompt itself is written before.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  }
  rl.on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
  rl.on('close', () => {
    closed = true;
    while (waiting.length) waiting.shift()!(undefined);
  });
  return {
    async ask(prompt: string): Promise<string | undefined> {
      if (tty) process.stderr.write(prompt);
      const line = lines.length ? lines.shift() : closed ? undefined : await new Promise<string | undefined>((r) => waiting.push(r));
      if (tty) process.stderr.write('\n');
      return line;
    },
    close: () => rl.close(),
  };
}

async function connect() {
  if (process.env.DATABASE_URL) {
    const db = createDb(process.env.DATABASE_URL);
    await migrate(db);
    return { db, close: () => db.destroy() };
  }
  const [{ loadConfig }, { connectDatabase }, { createLogger }] = await Promise.all([
    import('./config'),
    import('./db/connect'),
    import('./logger'),
  ]);
  const config = loadConfig();
  return connectDatabase(config, createLogger('warn'));
}

const args = parse();
const database = await connect();
try {
  const exists = (await findUserByEmail(database.db, args.email.trim())) !== undefined;
  let password = process.env.STAFF_PASSWORD || undefined;
  let adminPassword = process.env.STAFF_ADMIN_PASSWORD || undefined;
  if (!password || !adminPassword) {
    const reader = stdinReader();
    if (!password) password = (await reader.ask(exists ? 'Login password (empty: keep it): ' : 'Login password: ')) || undefined;
    if (!adminPassword) adminPassword = (await reader.ask('Admin password (the back-office step): ')) || undefined;
    reader.close();
  }
  if (!adminPassword) fail('an admin password is required (STAFF_ADMIN_PASSWORD or stdin)');
  const result = await createOrPromoteStaff(
    database.db,
    {
      email: args.email,
      role: args.role,
      fullName: args.name,
      password,
      adminPassword,
    },
    systemClock,
  );
  process.stdout.write(
    `${result.created ? 'Created' : 'Promoted'} ${args.role} ${args.email.trim().toLowerCase()} (user #${result.id}).\n`,
  );
} catch (err) {
  if (err instanceof StaffCreateError) fail(err.message);
  throw err;
} finally {
  await database.close();
}
