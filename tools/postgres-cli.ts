// What db:backup and db:restore share: which database (DATABASE_URL, else the embedded one under
// DATA_DIR, started for the command if the shop is not running), and running Postgres' own client
// programs on it with the password in the environment (never in argv, where `ps` shows it).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pino from 'pino';

export interface TargetDatabase {
  url: string;
  /** Stops the embedded Postgres if this command started it. */
  release(): Promise<void>;
}

export async function targetDatabase(env: Record<string, string | undefined> = process.env): Promise<TargetDatabase> {
  // DATABASE_URL alone, as db:migrate: a backup needs none of the app's other settings or secrets.
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, release: async () => {} };
  const { parseConfig } = await import('../server/config');
  const config = parseConfig(env);
  const clusterDir = join(resolve(config.dataDir), 'postgres');
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) throw new Error(`No DATABASE_URL and no embedded database under ${clusterDir}.`);
  const password = readFileSync(join(resolve(config.dataDir), 'postgres-password'), 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPgPort}/storefront`;
  if (postmasterRunning(clusterDir)) return { url, release: async () => {} }; // the shop's own, left running
  const { startEmbeddedPostgres } = await import('../server/db/embedded-postgres');
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    database: 'storefront',
    logger: pino({ level: 'warn' }),
  });
  return { url: embedded.url, release: () => embedded.stop() };
}

function postmasterRunning(clusterDir: string): boolean {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 0);
    return true;
  } catch {
    return false;
  }
}

/** A Postgres client program: PG_BIN_DIR's (a version matching the server), else the one on PATH. */
export function pgProgram(name: 'pg_dump' | 'pg_restore', env: Record<string, string | undefined> = process.env): string {
  return env.PG_BIN_DIR ? join(env.PG_BIN_DIR, name) : name;
}

/**
 * Runs a client program on the database: the URL without its password as --dbname (its query,
 * e.g. sslmode, kept), the password as PGPASSWORD. Resolves with stderr; rejects with a message
 * that says what to do when the program is missing or older than the server.
 */
export function runOnDatabase(program: string, args: string[], url: string): Promise<string> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return new Promise((resolvePromise, reject) => {
    execFile(
      program,
      [...args, '--no-password', `--dbname=${parsed.toString()}`], // never a prompt: a missing password fails at once
      { env: { ...process.env, PGPASSWORD: password }, maxBuffer: 10_000_000 },
      (err, _stdout, stderr) => {
        if (!err) return resolvePromise(stderr);
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
          return reject(new Error(`${program} not found: install Postgres' client programs (postgresql-client) or set PG_BIN_DIR.`));
        }
        const hint = /version mismatch/.test(stderr)
          ? `\n${program} must be of the server's major version or newer: install that postgresql-client, or set PG_BIN_DIR to its bin folder.`
          : '';
        reject(new Error(`${program} failed:\n${stderr.trim()}${hint}`));
      },
    );
  });
}
