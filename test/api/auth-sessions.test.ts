import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSession } from '../../server/modules/auth/sessions.repo';
import { SESSIONS_LISTED } from '../../server/modules/auth/sessions.service';
import { bearer, buildAccount, testSessionId } from '../support/accounts';
import { createTestApp, TEST_JWT_SECRET } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { buildStaff, STAFF_ADMIN_PASSWORD, unusedTotpCode } from '../support/staff';

// Server-side sessions (issue 15, item 10): a token is only as good as its row in `sessions`.

let database: TestDatabase;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await database.destroy();
});

const app = () => responses.record(createTestApp(database.db));

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A real login through the API, from a browser with that user agent: its bearer header. */
async function logIn(target: ReturnType<typeof app>, account: { email: string; password: string }, userAgent = FIREFOX_WINDOWS) {
  let res = await request(target).post('/api/auth/login').set('User-Agent', userAgent).send(account).expect(200);
  if (res.body.challenge) {
    // Staff have a second factor: the code step, from the same browser.
    const code = await unusedTotpCode(account.email);
    res = await request(target)
      .post('/api/auth/login/second-factor')
      .set('User-Agent', userAgent)
      .send({ challenge: res.body.challenge, code })
      .expect(200);
  }
  return `Bearer ${res.body.token as string}`;
}

const me = (target: ReturnType<typeof app>, auth: string) => request(target).get('/api/auth/me').set('Authorization', auth);
const sessionIdOf = (auth: string) => (jwt.decode(auth.slice('Bearer '.length)) as jwt.JwtPayload).jti as string;

/** The admin password check from a login session: the staff token it gives. */
async function staffTokenOf(target: ReturnType<typeof app>, loginAuth: string) {
  const res = await request(target)
    .post('/api/admin/verify-admin-password')
    .set('Authorization', loginAuth)
    .send({ admin_password: STAFF_ADMIN_PASSWORD })
    .expect(200);
  return `Bearer ${res.body.adminToken as string}`;
}
const getRole = (target: ReturnType<typeof app>, staffAuth: string) =>
  request(target).get('/api/admin/getrole').set('Authorization', staffAuth);

describe('POST /api/auth/logout', () => {
  it('ends the session: the same token is 401 afterwards, everywhere', async () => {
    const target = app();
    const account = await buildAccount(database.db);
    const auth = await logIn(target, account);
    await me(target, auth).expect(200);

    expect((await request(target).post('/api/auth/logout').set('Authorization', auth).expect(200)).body).toEqual({ success: true });

    expect((await me(target, auth).expect(401)).body.error).toBe('unauthorized');
    await request(target).get('/api/auth/discord/me').set('Authorization', auth).expect(401);
    await request(target).get('/api/auth/sessions').set('Authorization', auth).expect(401);
    await request(target).post('/api/auth/logout').set('Authorization', auth).expect(401);
    const row = await database
      .db('sessions')
      .where({ id: sessionIdOf(auth) })
      .first();
    expect(row.revoked_at).toBeInstanceOf(Date);
    // Another session of the same account goes on.
    await me(target, bearer(account.id)).expect(200);
  });

  it('401 without a session', async () => {
    await request(app()).post('/api/auth/logout').expect(401);
  });

  it('also ends the staff token opened under that session; a staff token of another session goes on', async () => {
    const target = app();
    const manager = await buildStaff(database.db, 'manager');
    const laptop = await logIn(target, manager);
    const desk = await logIn(target, manager, CHROME_ANDROID);
    const laptopStaff = await staffTokenOf(target, laptop);
    const deskStaff = await staffTokenOf(target, desk);
    await getRole(target, laptopStaff).expect(200);

    await request(target).post('/api/auth/logout').set('Authorization', laptop).expect(200);

    expect((await getRole(target, laptopStaff).expect(401)).body.error).toBe('staff_token_required');
    await getRole(target, deskStaff).expect(200);
  });
});

describe('tokens without a live session', () => {
  it('401 for a well-signed token whose session was never recorded, or that names none', async () => {
    const account = await buildAccount(database.db);
    const sign = (claims: object) =>
      jwt.sign(claims, TEST_JWT_SECRET, { algorithm: 'HS256', subject: String(account.id), expiresIn: '1h' });
    for (const token of [sign({ jti: randomUUID() }), sign({}), sign({ jti: 'not-a-uuid' })]) {
      await me(app(), `Bearer ${token}`).expect(401);
    }
  });

  it('401 for another user’s session id under one’s own user id', async () => {
    const mine = await buildAccount(database.db);
    const theirs = await buildAccount(database.db);
    const token = jwt.sign({ jti: testSessionId(theirs.id, 'login') }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
      subject: String(mine.id),
      expiresIn: '1h',
    });
    await me(app(), `Bearer ${token}`).expect(401);
  });

  it('a staff token is not a login session, nor the reverse', async () => {
    const target = app();
    const admin = await buildStaff(database.db, 'admin');
    const login = await logIn(target, admin);
    const staff = await staffTokenOf(target, login);
    await me(target, staff).expect(401);
    await getRole(target, login).expect(401);
  });
});

describe('GET /api/auth/sessions', () => {
  it('lists the user’s live sessions with device, address, times and which one is this', async () => {
    const target = app();
    const account = await buildAccount(database.db);
    const phone = await logIn(target, account, SAFARI_IPHONE);
    const laptop = await logIn(target, account, FIREFOX_WINDOWS);
    const ended = await logIn(target, account, CHROME_ANDROID);
    await request(target).post('/api/auth/logout').set('Authorization', ended).expect(200);

    const res = await request(target).get('/api/auth/sessions').set('Authorization', laptop).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.sessions[0].id).toBe(sessionIdOf(laptop)); // this device first
    const byId = new Map((res.body.sessions as { id: string }[]).map((s) => [s.id, s]));
    expect([...byId.keys()].sort()).toEqual([sessionIdOf(phone), sessionIdOf(laptop), testSessionId(account.id, 'login')].sort());
    expect(byId.get(sessionIdOf(laptop))).toEqual({
      id: sessionIdOf(laptop),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      browser: 'Firefox',
      os: 'Windows',
      ip: '127.0.0.1',
      current: true,
    });
    expect(byId.get(sessionIdOf(phone))).toMatchObject({ browser: 'Safari', os: 'iOS', current: false });
    expect(byId.get(testSessionId(account.id, 'login'))).toMatchObject({ browser: null, os: null, current: false });
  });

  it('is bounded: the 50 most recently used, this device first even when others were used since', async () => {
    const target = app();
    const account = await buildAccount(database.db);
    const here = await logIn(target, account);
    for (let i = 0; i < 55; i++) {
      await insertSession(database.db, {
        id: randomUUID(),
        userId: account.id,
        kind: 'login',
        ttlSeconds: 3600,
        userAgent: null,
        ip: null,
        now: new Date(),
      });
    }
    // Every other session was seen after this one.
    await database
      .db('sessions')
      .where({ id: sessionIdOf(here) })
      .update({ last_seen_at: database.db.raw("now() - interval '1 day'") });
    const res = await request(target).get('/api/auth/sessions').set('Authorization', here).expect(200);
    expect(res.body.sessions).toHaveLength(SESSIONS_LISTED);
    expect(res.body.sessions[0]).toMatchObject({ id: sessionIdOf(here), current: true });
  });

  it('shows nobody else’s sessions', async () => {
    const target = app();
    const mine = await buildAccount(database.db);
    const theirs = await buildAccount(database.db);
    await logIn(target, theirs);
    const res = await request(target).get('/api/auth/sessions').set('Authorization', bearer(mine.id)).expect(200);
    expect(res.body.sessions.map((s: { id: string }) => s.id)).toEqual([testSessionId(mine.id, 'login')]);
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('ends one of the user’s other sessions; the current one goes on', async () => {
    const target = app();
    const account = await buildAccount(database.db);
    const stolen = await logIn(target, account, CHROME_ANDROID);
    const here = await logIn(target, account);

    await request(target)
      .delete(`/api/auth/sessions/${sessionIdOf(stolen)}`)
      .set('Authorization', here)
      .expect(200, { success: true });

    await me(target, stolen).expect(401);
    await me(target, here).expect(200);
    const again = await request(target)
      .delete(`/api/auth/sessions/${sessionIdOf(stolen)}`)
      .set('Authorization', here)
      .expect(404);
    expect(again.body.error).toBe('session_not_found');
  });

  it('404 for another user’s session, which goes on untouched', async () => {
    const target = app();
    const attacker = await buildAccount(database.db);
    const victim = await buildAccount(database.db);
    const victimAuth = await logIn(target, victim);

    const res = await request(target)
      .delete(`/api/auth/sessions/${sessionIdOf(victimAuth)}`)
      .set('Authorization', bearer(attacker.id))
      .expect(404);
    expect(res.body.error).toBe('session_not_found');

    await me(target, victimAuth).expect(200);
    expect(
      (
        await database
          .db('sessions')
          .where({ id: sessionIdOf(victimAuth) })
          .first()
      ).revoked_at,
    ).toBeNull();
  });

  it('404 for an unknown id and for one that is no session id', async () => {
    const auth = bearer((await buildAccount(database.db)).id);
    await request(app()).delete(`/api/auth/sessions/${randomUUID()}`).set('Authorization', auth).expect(404);
    await request(app()).delete('/api/auth/sessions/12').set('Authorization', auth).expect(404);
  });
});

describe('POST /api/auth/logout-all (log out everywhere else)', () => {
  it('ends every other session of the user and their staff tokens; the current one goes on', async () => {
    const target = app();
    const admin = await buildStaff(database.db, 'admin');
    const other = await buildAccount(database.db);
    const here = await logIn(target, admin);
    const phone = await logIn(target, admin, SAFARI_IPHONE);
    const tablet = await logIn(target, admin, CHROME_ANDROID);
    const hereStaff = await staffTokenOf(target, here);
    const tabletStaff = await staffTokenOf(target, tablet);

    const res = await request(target).post('/api/auth/logout-all').set('Authorization', here).expect(200);
    // The phone, the tablet and the account's test session.
    expect(res.body).toEqual({ success: true, ended: 3 });

    for (const auth of [phone, tablet, bearer(admin.id)]) await me(target, auth).expect(401);
    await getRole(target, tabletStaff).expect(401);
    await me(target, here).expect(200);
    await getRole(target, hereStaff).expect(200);
    // Nobody else is logged out.
    await me(target, bearer(other.id)).expect(200);
    const listed = await request(target).get('/api/auth/sessions').set('Authorization', here).expect(200);
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(here)]);
  });
});

describe('a role change ends that person’s staff tokens', () => {
  it('a staff token from before the change is refused (401), the login session goes on, a new check works', async () => {
    const target = app();
    const admin = await buildStaff(database.db, 'admin');
    const manager = await buildStaff(database.db, 'manager');
    const login = await logIn(target, manager);
    const before = await staffTokenOf(target, login);
    await getRole(target, before).expect(200);

    await request(target)
      .patch(`/api/admin/users/${manager.id}/role`)
      .set('Authorization', await staffTokenOf(target, await logIn(target, admin)))
      .send({ role: 'support' })
      .expect(200);

    expect((await getRole(target, before).expect(401)).body.error).toBe('staff_token_required');
    await me(target, login).expect(200);
    const after = await staffTokenOf(target, login);
    expect((await getRole(target, after).expect(200)).body).toMatchObject({ role: 'support' });
  });
});

describe('last seen', () => {
  it('is written at most once a minute while the device is in use, not on every call (issue 34)', async () => {
    const target = app();
    const account = await buildAccount(database.db);
    const auth = await logIn(target, account);
    const id = sessionIdOf(auth);
    const lastSeen = async () => ((await database.db('sessions').where({ id }).first()) as { last_seen_at: Date }).last_seen_at;

    const opened = await lastSeen();
    for (let call = 0; call < 3; call++) await me(target, auth).expect(200);
    expect(await lastSeen()).toEqual(opened);

    await database
      .db('sessions')
      .where({ id })
      .update({ last_seen_at: database.db.raw("now() - interval '40 seconds'") });
    const recent = await lastSeen();
    await me(target, auth).expect(200);
    expect(await lastSeen()).toEqual(recent);

    await database
      .db('sessions')
      .where({ id })
      .update({ last_seen_at: database.db.raw("now() - interval '70 seconds'") });
    await me(target, auth).expect(200);
    const touched = await lastSeen();
    expect(touched.getTime()).toBeGreaterThan(recent.getTime());
    expect(Date.now() - touched.getTime()).toBeLessThan(10_000); // "now", not 70 seconds ago
  });

  it('an authenticated call reads its session and account in one query', async () => {
    const target = app();
    const auth = bearer((await buildAccount(database.db)).id);
    await me(target, auth).expect(200); // the first call may note "last seen"
    const queries: string[] = [];
    const count = (query: { sql: string }) => queries.push(query.sql);
    database.db.on('query', count);
    try {
      await me(target, auth).expect(200);
    } finally {
      database.db.off('query', count);
    }
    expect(queries).toHaveLength(1);
  });
});
