import { spawn } from 'node:child_process';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, uniqueEmail } from '../support/accounts';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { enrolSecondFactor, unusedTotpCode } from '../support/staff';

// Issue 19, the first admin of a new shop: `npm run staff:create`, run for real against a test
// database, then the account enrols its second factor, logs in and passes the admin password step.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const LOGIN_PASSWORD = 'First-admin-pass-1';
const ADMIN_PASSWORD = 'First-admin-step-2';

function staffCreate(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/staff-create.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/**
 * The new staff member's first visit: the back-office refuses them until they enrol a second
 * factor (done here as a finished enrolment would); then password, code and admin password open it.
 */
async function backOfficeRole(email: string, password: string, adminPassword: string) {
  const app = createTestApp(database.db);
  const first = await request(app).post('/api/auth/login').send({ email, password }).expect(200);
  const refused = await request(app)
    .post('/api/admin/verify-admin-password')
    .set('Authorization', `Bearer ${first.body.token as string}`)
    .send({ admin_password: adminPassword })
    .expect(403);
  expect(refused.body.error).toBe('second_factor_required');

  const user = await database.db('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).first();
  await enrolSecondFactor(database.db, user.id);
  const challenge = await request(app).post('/api/auth/login').send({ email, password }).expect(200);
  expect(challenge.body.secondFactorRequired).toBe(true);
  const login = await request(app)
    .post('/api/auth/login/second-factor')
    .send({ challenge: challenge.body.challenge, code: await unusedTotpCode(email) })
    .expect(200);
  const staff = await request(app)
    .post('/api/admin/verify-admin-password')
    .set('Authorization', `Bearer ${login.body.token as string}`)
    .send({ admin_password: adminPassword })
    .expect(200);
  const role = await request(app)
    .get('/api/admin/getrole')
    .set('Authorization', `Bearer ${staff.body.adminToken as string}`)
    .expect(200);
  return role.body;
}

describe('npm run staff:create', () => {
  it('creates the first admin from environment passwords; they open the back-office; audited', async () => {
    const email = uniqueEmail('first-admin');
    const run = await staffCreate(['--email', email, '--role', 'admin', '--name', 'Ada Admin'], {
      env: { STAFF_PASSWORD: LOGIN_PASSWORD, STAFF_ADMIN_PASSWORD: ADMIN_PASSWORD },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Created admin first-admin-.*\(user #\d+\)\.\n$/);
    expect(run.stdout + run.stderr).not.toContain(LOGIN_PASSWORD);

    const row = await database.db('users').whereRaw('lower(email) = ?', [email]).first();
    expect(row).toMatchObject({ role: 'admin', full_name: 'Ada Admin' });
    expect(row.email_verified_at).toBeInstanceOf(Date);
    expect((await backOfficeRole(email, LOGIN_PASSWORD, ADMIN_PASSWORD)).role).toBe('admin');
    const audit = await database
      .db('audit_log')
      .where({ action: 'staff.create', entity_id: String(row.id) })
      .first();
    expect(audit.after).toMatchObject({ role: 'admin', via: 'staff:create' });
    expect(JSON.stringify(audit)).not.toContain(LOGIN_PASSWORD);
  });

  it('promotes an existing customer, passwords read from stdin; the login password kept when left empty', async () => {
    const customer = await buildAccount(database.db, { password: 'Customer-pass-1' });
    const run = await staffCreate(['--email', customer.email.toUpperCase(), '--role', 'manager'], { stdin: `\n${ADMIN_PASSWORD}\n` });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Promoted manager');
    expect((await backOfficeRole(customer.email, 'Customer-pass-1', ADMIN_PASSWORD)).role).toBe('manager');
    expect(await database.db('audit_log').where({ action: 'staff.promote', entity_id: String(customer.id) })).toHaveLength(1);
  });

  it('never takes a password from argv, and refuses short or missing passwords, changing nothing', async () => {
    const email = uniqueEmail('refused');
    const argv = await staffCreate(['--email', email, '--password', LOGIN_PASSWORD]);
    expect(argv.code).toBe(2);
    expect(argv.stderr).toContain("Unknown option '--password'");
    const short = await staffCreate(['--email', email], { env: { STAFF_PASSWORD: 'short', STAFF_ADMIN_PASSWORD: ADMIN_PASSWORD } });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 12 characters');
    const none = await staffCreate(['--email', email], { stdin: '' });
    expect(none.code).toBe(2);
    const role = await staffCreate(['--email', email, '--role', 'customer'], {
      env: { STAFF_PASSWORD: LOGIN_PASSWORD, STAFF_ADMIN_PASSWORD: ADMIN_PASSWORD },
    });
    expect(role.code).toBe(2);
    expect(await database.db('users').whereRaw('lower(email) = ?', [email])).toHaveLength(0);
  });
});
