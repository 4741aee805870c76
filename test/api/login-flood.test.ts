import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configurePasswordWork, DEFAULT_PASSWORD_WORK, passwordWorkGate } from '../../server/security/passwords';
import { buildAccount, registerBody, uniqueEmail } from '../support/accounts';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Password spraying and login floods (issue 15, item 3). supertest connects from loopback, which
// TRUST_PROXY trusts by default, so X-Forwarded-For plays the address each attempt comes from.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
afterEach(() => configurePasswordWork(DEFAULT_PASSWORD_WORK));

type App = ReturnType<typeof createTestApp>;
const login = (app: App, from: string, email: string, password: string) =>
  request(app).post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });

/** Holds every slot of the password gate until released (the instance is busy hashing). */
function fillPasswordGate() {
  let release!: () => void;
  const held = passwordWorkGate().run(() => new Promise<void>((resolve) => (release = resolve)));
  return async () => {
    release();
    await held;
  };
}

describe('failed logins from one address across e-mails', () => {
  it('30 different e-mails from one address: 429 from the 21st, while another address still logs in', async () => {
    const app = createTestApp(database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(app, '203.0.113.7', uniqueEmail('spray'), 'Summer2026!')).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));

    const blocked = await login(app, '203.0.113.7', uniqueEmail('spray'), 'Summer2026!');
    expect(blocked.body).toMatchObject({ error: 'too_many_attempts', message: expect.any(String) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    const account = await buildAccount(database.db);
    expect((await login(app, '198.51.100.20', account.email, account.password)).status).toBe(200);
  }, 120_000);

  it('counts wrong passwords only: refused, busy and malformed attempts give their attempt back', async () => {
    const app = createTestApp(database.db);
    const from = '203.0.113.8';
    for (let i = 0; i < 19; i++) expect((await login(app, from, uniqueEmail('spray'), 'wrong')).status).toBe(401);
    configurePasswordWork({ concurrency: 1, queue: 0 });
    const release = fillPasswordGate();
    for (let i = 0; i < 5; i++) expect((await login(app, from, uniqueEmail('spray'), 'wrong')).status).toBe(503);
    await release();
    for (let i = 0; i < 5; i++) expect((await login(app, from, '', 'wrong')).status).toBe(400);
    expect((await login(app, from, uniqueEmail('spray'), 'wrong')).status).toBe(401); // the 20th failure
    expect((await login(app, from, uniqueEmail('spray'), 'wrong')).status).toBe(429);
  }, 120_000);
});

describe('failed logins on one account across addresses', () => {
  it('one e-mail tried from many addresses: 429 after 10 failures, the right password included', async () => {
    const app = createTestApp(database.db);
    const account = await buildAccount(database.db);
    for (let i = 0; i < 10; i++) {
      expect((await login(app, `198.18.0.${i + 1}`, account.email, `guess-${i}`)).status).toBe(401);
    }
    const fresh = await login(app, '198.18.1.1', account.email, 'guess-10');
    expect(fresh.status).toBe(429);
    expect(fresh.body.error).toBe('too_many_attempts');
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await login(app, '198.18.1.2', account.email, account.password)).status).toBe(429);

    // Another account is not held by it.
    const other = await buildAccount(database.db);
    expect((await login(app, '198.18.1.3', other.email, other.password)).status).toBe(200);
  }, 120_000);

  it('a user who mistypes a few times from home still gets in', async () => {
    const app = createTestApp(database.db);
    const account = await buildAccount(database.db);
    for (let i = 0; i < 4; i++) expect((await login(app, '192.0.2.44', account.email, `typo-${i}`)).status).toBe(401);
    expect((await login(app, '192.0.2.44', account.email, account.password)).status).toBe(200);
  }, 60_000);
});

describe('the password work is bounded', () => {
  it('answers 503 busy at once with Retry-After while every argon2 slot is taken, and logs in once it frees', async () => {
    configurePasswordWork({ concurrency: 1, queue: 0 });
    const app = createTestApp(database.db);
    const account = await buildAccount(database.db);
    const release = fillPasswordGate();

    const busy = await login(app, '192.0.2.50', account.email, account.password);
    expect(busy.status).toBe(503);
    expect(busy.body).toEqual({ error: 'busy', message: expect.any(String) });
    expect(busy.headers['retry-after']).toBe('1');
    // An unknown e-mail is refused the same way: it would have cost the same argon2 run.
    expect((await login(app, '192.0.2.50', uniqueEmail('nobody'), 'whatever')).status).toBe(503);
    // Registration hashes a password: the same gate.
    const register = await request(app).post('/api/auth/register').set('X-Forwarded-For', '192.0.2.50').send(registerBody());
    expect(register.status).toBe(503);

    await release();
    expect((await login(app, '192.0.2.50', account.email, account.password)).status).toBe(200);
  });

  it('one address checks one password at a time: four more wait their turn, the rest are 429 at once', async () => {
    configurePasswordWork({ concurrency: 1, queue: 1 });
    const app = createTestApp(database.db);
    const release = fillPasswordGate(); // the first attempt to get its turn waits in the gate's queue

    let settled = 0;
    const attempts = Array.from({ length: 10 }, (_, i) =>
      login(app, '203.0.113.99', uniqueEmail(`flood-${i}`), 'wrong').then((res) => {
        settled++;
        return res;
      }),
    );
    await vi.waitFor(() => expect(settled).toBe(5), { timeout: 10_000 });
    await release();
    const answers = await Promise.all(attempts);

    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.body.error).toBe('too_many_attempts');
      expect(res.headers['retry-after']).toBe('1');
    }
    expect(answers.filter((res) => res.status === 401)).toHaveLength(5);
  }, 60_000);
});
