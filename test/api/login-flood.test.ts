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
const login = (app: App, from: string, email: string, password: string, cookie = '') =>
  request(app).post('/api/auth/login').set('X-Forwarded-For', from).set('Cookie', cookie).send({ email, password });

/** The `name=value` of the device cookie an answer set ('' when none). */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const lines = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return lines.find((line) => line.startsWith('login_device='))?.split(';')[0] ?? '';
}

/** `count` distinct client addresses, as many addresses of a botnet or a rotating proxy. */
const addresses = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${prefix}.${Math.floor(i / 250)}.${(i % 250) + 1}`);

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
    // An unknown e-mail is refused the same way: the answer does not tell which e-mails exist.
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
    const account = await buildAccount(database.db);
    const release = fillPasswordGate(); // the first attempt to get its turn waits in the gate's queue

    let settled = 0;
    const attempts = Array.from({ length: 10 }, (_, i) =>
      login(app, '203.0.113.99', account.email, `wrong-${i}`).then((res) => {
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

describe('a flood from many addresses does not lock real customers out (issue 29)', () => {
  it("100 unknown e-mails from 100 addresses while argon2 is busy: each answers the wrong password's 401 after a real check's wait, without waiting for argon2", async () => {
    const app = createTestApp(database.db);
    const account = await buildAccount(database.db);
    const started = performance.now();
    const wrong = await login(app, '192.0.2.90', account.email, 'not-the-password');
    const wrongMs = performance.now() - started;
    expect(wrong.status).toBe(401);

    configurePasswordWork({ concurrency: 1, queue: 4 });
    const release = fillPasswordGate(); // another login's argon2 holds the only slot all along
    const flood = await Promise.all(
      addresses(100, '10.29').map(async (from, i) => {
        const sent = performance.now();
        const res = await login(app, from, uniqueEmail(`botnet-${i}`), `guess-${i}`).timeout(10_000);
        return { status: res.status, body: res.body as unknown, ms: performance.now() - sent };
      }),
    );
    await release();

    expect(flood.map((a) => a.status)).toEqual(Array(100).fill(401));
    for (const attempt of flood) expect(attempt.body).toEqual(wrong.body);
    // Not an instant "no such account": each waited about as long as a password check takes.
    expect(Math.min(...flood.map((a) => a.ms))).toBeGreaterThan(wrongMs / 10);
  }, 60_000);

  it('unknown e-mails from one address still count against it while argon2 is busy: 20 answered 401, then 429', async () => {
    const app = createTestApp(database.db);
    configurePasswordWork({ concurrency: 1, queue: 4 });
    const release = fillPasswordGate();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await login(app, '203.0.113.29', uniqueEmail('unknown'), 'Summer2026!').timeout(5_000)).status);
    }
    await release();
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(5).fill(429)]);
  }, 60_000);

  it('a successful login gives the browser a device cookie: HttpOnly, SameSite=Lax, for the login path, a year long', async () => {
    const app = createTestApp(database.db);
    const account = await buildAccount(database.db);
    const res = await login(app, '192.0.2.91', account.email, account.password);
    expect(res.status).toBe(200);
    const line = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((l) => l.startsWith('login_device='));
    expect(line).toMatch(
      /^login_device=[\w-]{22}\.[\w-]{43}; Max-Age=31536000; Path=\/api\/auth\/login; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    // A wrong password gets none.
    expect(deviceCookieOf(await login(app, '192.0.2.91', account.email, 'wrong'))).toBe('');
    // Behind https, it travels over https only.
    const httpsApp = createTestApp(database.db, { config: { publicUrl: 'https://shop.test' } });
    const secure = await login(httpsApp, '192.0.2.91', account.email, account.password);
    expect((secure.headers['set-cookie'] as unknown as string[] | undefined)?.find((l) => l.startsWith('login_device='))).toMatch(
      /; Secure;/,
    );
  });

  it("while strangers from 100 addresses take every argon2 slot, the returning customer's browser logs in; a new device is told 503 busy", async () => {
    const app = createTestApp(database.db);
    const account = await buildAccount(database.db);
    const cookie = deviceCookieOf(await login(app, '192.0.2.92', account.email, account.password));
    expect(cookie).toMatch(/^login_device=/);

    configurePasswordWork({ concurrency: 1, queue: 0 });
    const release = fillPasswordGate(); // the strangers' wrong passwords hold every slot
    const flood = Promise.all(addresses(100, '10.30').map((from, i) => login(app, from, uniqueEmail(`botnet-${i}`), `guess-${i}`)));

    const returning = await login(app, '192.0.2.92', account.email, account.password, cookie);
    expect(returning.status).toBe(200);
    expect(returning.body.token).toEqual(expect.any(String));
    const newDevice = await login(app, '198.51.100.92', account.email, account.password);
    expect(newDevice.status).toBe(503);
    expect(newDevice.headers['retry-after']).toBe('1');

    expect((await flood).map((res) => res.status)).toEqual(Array(100).fill(503));
    await release();
  }, 60_000);

  it("30 wrong guesses at a customer's password from 30 other addresses lock the strangers out, not the customer's browser", async () => {
    const app = createTestApp(database.db);
    const account = await buildAccount(database.db);
    const cookie = deviceCookieOf(await login(app, '192.0.2.93', account.email, account.password));

    const guesses: number[] = [];
    for (const [i, from] of addresses(30, '10.31').entries()) guesses.push((await login(app, from, account.email, `guess-${i}`)).status);
    expect(guesses).toEqual([...Array(10).fill(401), ...Array(20).fill(429)]);

    // The right password from a browser the account never used is held by the lockout...
    expect((await login(app, '198.51.100.93', account.email, account.password)).status).toBe(429);
    // ...the customer's own browser is not, even after a typo.
    expect((await login(app, '192.0.2.93', account.email, 'typo', cookie)).status).toBe(401);
    expect((await login(app, '192.0.2.93', account.email, account.password, cookie)).status).toBe(200);
  }, 60_000);

  it('a device cookie guessing passwords is locked out after its own 5 failures, and opens no lane into another account', async () => {
    const app = createTestApp(database.db);
    const victim = await buildAccount(database.db);
    const attacker = await buildAccount(database.db);
    const stolen = deviceCookieOf(await login(app, '192.0.2.94', victim.email, victim.password));
    expect(stolen).toMatch(/^login_device=/);

    for (let i = 0; i < 5; i++) expect((await login(app, '203.0.113.94', victim.email, `guess-${i}`, stolen)).status).toBe(401);
    expect((await login(app, '203.0.113.94', victim.email, victim.password, stolen)).status).toBe(429);
    // Counted apart from strangers: the victim's account is not locked for them.
    expect((await login(app, '192.0.2.95', victim.email, victim.password)).status).toBe(200);

    // The attacker's own cookie, or a forged one, leaves the victim's account under the strangers' lockout.
    const own = deviceCookieOf(await login(app, '203.0.113.96', attacker.email, attacker.password));
    const forged = `login_device=${'A'.repeat(22)}.${'B'.repeat(43)}`;
    for (const [i, from] of addresses(10, '10.32').entries()) {
      expect((await login(app, from, victim.email, `guess-${i}`)).status).toBe(401);
    }
    expect((await login(app, '203.0.113.96', victim.email, victim.password, own)).status).toBe(429);
    expect((await login(app, '203.0.113.97', victim.email, victim.password, forged)).status).toBe(429);
  }, 60_000);
});
