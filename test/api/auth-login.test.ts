import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, TEST_JWT_SECRET } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';

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

describe('POST /api/auth/login', () => {
  it('200: returns the session user and a bearer token (HS256, sub = id, 12 h)', async () => {
    const account = await buildAccount(database.db, { email: 'nathan@example.test', password: 'Bon-mot-de-passe' });
    const res = await request(app())
      .post('/api/auth/login')
      .send({ email: '  Nathan@Example.TEST ', password: 'Bon-mot-de-passe' })
      .expect(200);
    expect(res.body.user).toMatchObject({ id: account.id, email: 'nathan@example.test', role: 'customer' });
    const decoded = jwt.decode(res.body.token, { complete: true });
    expect(decoded?.header.alg).toBe('HS256');
    const payload = decoded?.payload as jwt.JwtPayload;
    expect(payload.sub).toBe(String(account.id));
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(12 * 60 * 60);
  });

  it('401: the same answer for a wrong password, an unknown e-mail and an account without password', async () => {
    const account = await buildAccount(database.db);
    const discordOnly = await buildAccount(database.db, { password: null, discord_id: '123456789012345678' });
    const answers = await Promise.all(
      [
        { email: account.email, password: 'wrong-password' },
        { email: 'nobody@example.test', password: account.password },
        { email: discordOnly.email, password: 'anything-at-all' },
        { email: discordOnly.email, password: '' },
      ].map((body) => request(app()).post('/api/auth/login').send(body)),
    );
    expect(answers.slice(0, 3).map((r) => [r.status, r.body])).toEqual(
      Array(3).fill([401, { error: 'invalid_credentials', message: 'Wrong e-mail or password' }]),
    );
    expect(answers[3]?.status).toBe(400); // an empty password is a form error (login.errorrequired)
    expect(answers[3]?.body.fields).toEqual({ password: ['login.errorrequired'] });
  });

  it('400: both fields are required', async () => {
    const res = await request(app()).post('/api/auth/login').send({ email: ' ', password: '' }).expect(400);
    expect(res.body.fields).toEqual({ email: ['login.errorrequired'], password: ['login.errorrequired'] });
  });

  it('400 naming the field: a NUL byte in the e-mail or the password', async () => {
    const account = await buildAccount(database.db);
    const inEmail = await request(app())
      .post('/api/auth/login')
      .send({ email: `${account.email}\u0000`, password: 'secret1' })
      .expect(400);
    expect(inEmail.body).toMatchObject({ error: 'validation_error', fields: { email: [expect.any(String)] } });
    const inPassword = await request(app()).post('/api/auth/login').send({ email: account.email, password: 'sec\u0000ret' }).expect(400);
    expect(inPassword.body).toMatchObject({ error: 'validation_error', fields: { password: [expect.any(String)] } });
  });

  it('429 with Retry-After after 5 failures for one e-mail from one address; the right password waits too', async () => {
    const account = await buildAccount(database.db);
    const one = app();
    for (let i = 0; i < 5; i++) {
      await request(one)
        .post('/api/auth/login')
        .send({ email: account.email, password: `wrong-${i}` })
        .expect(401);
    }
    const blocked = await request(one).post('/api/auth/login').send({ email: account.email, password: account.password }).expect(429);
    expect(blocked.body).toMatchObject({ error: 'too_many_attempts', message: expect.any(String) });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another e-mail from the same address is counted apart.
    const other = await buildAccount(database.db);
    await request(one).post('/api/auth/login').send({ email: other.email, password: other.password }).expect(200);
  });

  it('counts failures only: successful logins in between do not use up the allowance', async () => {
    const account = await buildAccount(database.db);
    const one = app();
    const fail = () => request(one).post('/api/auth/login').send({ email: account.email, password: 'nope-nope' });
    const succeed = () => request(one).post('/api/auth/login').send({ email: account.email, password: account.password });
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await succeed()).status).toBe(200);
    expect((await fail()).status).toBe(401); // the 5th failure
    expect((await fail()).status).toBe(429);
  });

  it('counts the e-mail case-insensitively', async () => {
    const account = await buildAccount(database.db, { email: 'casse@example.test' });
    const one = app();
    const emails = ['casse@example.test', 'CASSE@example.test', 'Casse@Example.test', ' casse@EXAMPLE.test', 'cAsse@example.test'];
    for (const email of emails) {
      await request(one).post('/api/auth/login').send({ email, password: 'wrong-one' }).expect(401);
    }
    await request(one).post('/api/auth/login').send({ email: account.email, password: 'wrong-one' }).expect(429);
  });
});

describe('GET /api/auth/me and the bearer token', () => {
  it('200: the session user of a valid token', async () => {
    const account = await buildAccount(database.db, { full_name: 'Inès Durand', language: 'pl' });
    const res = await request(app()).get('/api/auth/me').set('Authorization', bearer(account.id)).expect(200);
    expect(res.body).toEqual({
      user: {
        id: account.id,
        fullName: 'Inès Durand',
        email: account.email,
        role: 'customer',
        avatarUrl: null,
        emailVerified: false,
        userType: 'particulier',
        country: 'BE',
        currency: 'EUR',
        language: 'pl',
      },
    });
  });

  it('401 without a token', async () => {
    const res = await request(app()).get('/api/auth/me').expect(401);
    expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
  });

  const forged: [string, (id: number) => string][] = [
    ['alg none', (id) => jwt.sign({ sub: String(id) }, '', { algorithm: 'none' })],
    ['alg none with a signature-shaped tail', (id) => `${jwt.sign({ sub: String(id) }, '', { algorithm: 'none' })}e30`],
    ['a wrong secret', (id) => jwt.sign({}, 'another-secret-another-secret-another', { subject: String(id) })],
    ['HS512 with the right secret', (id) => jwt.sign({}, TEST_JWT_SECRET, { subject: String(id), algorithm: 'HS512' })],
    ['an expired token', (id) => jwt.sign({ sub: String(id), exp: Math.floor(Date.now() / 1000) - 10 }, TEST_JWT_SECRET)],
    ['a malformed token', () => 'not.a.jwt'],
    ['garbage', () => 'garbage'],
    ['no sub', () => jwt.sign({ userId: 1 }, TEST_JWT_SECRET)],
    ['a non-numeric sub', () => jwt.sign({}, TEST_JWT_SECRET, { subject: 'admin' })],
  ];

  it.each(forged)('401 with %s', async (_case, make) => {
    const account = await buildAccount(database.db);
    const res = await request(app())
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${make(account.id)}`)
      .expect(401);
    expect(res.body.error).toBe('unauthorized');
  });

  it('401 with a token in another scheme', async () => {
    const account = await buildAccount(database.db);
    const token = bearer(account.id).replace('Bearer ', '');
    await request(app()).get('/api/auth/me').set('Authorization', `Basic ${token}`).expect(401);
    await request(app()).get('/api/auth/me').set('Authorization', token).expect(401);
  });

  it('401 once the account is deleted, though the token is still valid', async () => {
    const account = await buildAccount(database.db);
    const auth = bearer(account.id);
    await request(app()).get('/api/auth/me').set('Authorization', auth).expect(200);
    await database.db('users').where({ id: account.id }).delete();
    await request(app()).get('/api/auth/me').set('Authorization', auth).expect(401);
  });

  it('401 for a token naming a user that never existed', async () => {
    await request(app()).get('/api/auth/me').set('Authorization', bearer(987654)).expect(401);
  });
});
