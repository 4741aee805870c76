import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccount, issueTestToken } from '../support/accounts';
import { createTestApp, createTestMailer } from '../support/app';
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
const SAME_ANSWER = { message: 'forgetpassword.emailSent' };

/** Asks for a reset through a fresh app and waits until its mail (if any) is done. */
async function forgot(body: Record<string, unknown>) {
  const mailer = createTestMailer(database.db);
  const res = await request(responses.record(createTestApp(database.db, { mailer })))
    .post('/api/auth/forget-password-via-email')
    .send(body);
  await mailer.idle();
  return res;
}

const resetMails = (email: string) => database.db('mail_outbox').where({ to_email: email, template: 'reset_password' }).orderBy('id');

function tokenOf(mail: { text_body: string } | undefined): string {
  const token = /reset-password\?token=([\w-]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error('no reset link in the mail');
  return token;
}

describe('POST /api/auth/forget-password-via-email', () => {
  it('200 and a reset mail (1 h token) for an existing individual, in the language asked', async () => {
    const account = await buildAccount(database.db, { language: 'fr' });
    const res = await forgot({ email: account.email.toUpperCase(), tva: null, language: 'nl' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SAME_ANSWER);
    const [mail] = await resetMails(account.email);
    expect(mail).toMatchObject({ language: 'nl', subject: 'Uw wachtwoord opnieuw instellen' });
    expect(mail.text_body).toContain('http://shop.test/nl/reset-password?token=');
    const token = await database.db('one_time_tokens').where({ user_id: account.id, purpose: 'reset_password' }).first();
    const minutesLeft = (new Date(token.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it('200, the same answer, and nothing written for an unknown e-mail', async () => {
    const before = await database.db('mail_outbox').count({ n: '*' }).first();
    const res = await forgot({ email: 'personne@example.test', tva: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SAME_ANSWER);
    expect(await database.db('mail_outbox').count({ n: '*' }).first()).toEqual(before);
  });

  it('business: no mail when the VAT number does not match (or is missing), a mail when it does', async () => {
    const account = await buildAccount(database.db, {
      user_type: 'business',
      company_name: 'PixelForge SRL',
      vat_number: 'BE 0123.456.789',
    });
    for (const tva of ['BE0999999999', null, '']) {
      const res = await forgot({ email: account.email, tva });
      expect([res.status, res.body]).toEqual([200, SAME_ANSWER]);
    }
    expect(await resetMails(account.email)).toHaveLength(0);

    const res = await forgot({ email: account.email, tva: 'be0123456789' });
    expect([res.status, res.body]).toEqual([200, SAME_ANSWER]);
    expect(await resetMails(account.email)).toHaveLength(1);
  });

  it('a new request invalidates the older link', async () => {
    const account = await buildAccount(database.db);
    await forgot({ email: account.email });
    await forgot({ email: account.email });
    const [first, second] = await resetMails(account.email);
    const check = async (token: string) => (await request(app()).get('/api/auth/check-reset-token').query({ token }).expect(200)).body;
    expect(await check(tokenOf(first))).toEqual({ valid: false });
    expect(await check(tokenOf(second))).toEqual({ valid: true });
  });

  it('400: a malformed e-mail is a field error (it says nothing about accounts)', async () => {
    const res = await forgot({ email: 'pas-un-email' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ email: ['register.erroremail'] });
  });

  it('429 on the 21st request within 15 minutes from one address, whatever the e-mails', async () => {
    const one = app();
    for (let i = 0; i < 20; i++) {
      await request(one)
        .post('/api/auth/forget-password-via-email')
        .send({ email: `x${i}@example.test` })
        .expect(200);
    }
    const res = await request(one).post('/api/auth/forget-password-via-email').send({ email: 'y@example.test' });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('too_many_attempts');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('429 on the 4th request within an hour for one e-mail, from any address: no mail bombing', async () => {
    const account = await buildAccount(database.db);
    const mailer = createTestMailer(database.db);
    const one = responses.record(createTestApp(database.db, { mailer }));
    const from = (i: number) =>
      request(one)
        .post('/api/auth/forget-password-via-email')
        .set('X-Forwarded-For', `198.51.100.${i + 1}`)
        .send({ email: account.email });
    for (let i = 0; i < 3; i++) expect((await from(i)).status).toBe(200);
    const res = await from(3);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(59 * 60);
    await mailer.idle();
    expect(await resetMails(account.email)).toHaveLength(3);
  });
});

describe('check-reset-token and reset-password', () => {
  it('sets the new password once: the new one logs in, the old one no longer does, the link is spent', async () => {
    const account = await buildAccount(database.db, { password: 'Ancien-mdp-1' });
    await forgot({ email: account.email });
    const token = tokenOf((await resetMails(account.email))[0]);

    expect((await request(app()).get('/api/auth/check-reset-token').query({ token }).expect(200)).body).toEqual({
      valid: true,
    });
    await request(app())
      .post('/api/auth/reset-password')
      .send({ token, newPassword: 'Nouveau-mdp-2' })
      .expect(200, { message: 'resetpassword.success' });

    await request(app()).post('/api/auth/login').send({ email: account.email, password: 'Nouveau-mdp-2' }).expect(200);
    await request(app()).post('/api/auth/login').send({ email: account.email, password: 'Ancien-mdp-1' }).expect(401);
    const row = await database.db('users').where({ id: account.id }).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    expect((await request(app()).get('/api/auth/check-reset-token').query({ token })).body).toEqual({ valid: false });
    const again = await request(app()).post('/api/auth/reset-password').send({ token, newPassword: 'Encore-un-3' });
    expect([again.status, again.body.error]).toEqual([400, 'invalid_token']);
    await request(app()).post('/api/auth/login').send({ email: account.email, password: 'Nouveau-mdp-2' }).expect(200);

    const audit = await database.db('audit_log').where({ action: 'user.reset_password', actor_id: account.id });
    expect(audit).toHaveLength(1);
  });

  it('ends the sessions opened before the reset, and a fresh login works', async () => {
    const account = await buildAccount(database.db, { password: 'Ancien-mdp-1' });
    const login = await request(app()).post('/api/auth/login').send({ email: account.email, password: 'Ancien-mdp-1' }).expect(200);
    const earlier = login.body.token as string;
    await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${earlier}`).expect(200);

    await forgot({ email: account.email });
    const token = tokenOf((await resetMails(account.email))[0]);
    await request(app()).post('/api/auth/reset-password').send({ token, newPassword: 'Nouveau-mdp-2' }).expect(200);

    // Ended at once, even a session opened in the very second of the reset.
    await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${earlier}`).expect(401);
    await request(app()).get('/api/auth/me').set('Authorization', bearer(account.id)).expect(401);
    const fresh = await request(app()).post('/api/auth/login').send({ email: account.email, password: 'Nouveau-mdp-2' });
    await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${fresh.body.token}`).expect(200);
  });

  it('refuses an expired token, an unknown one and a verification token', async () => {
    const account = await buildAccount(database.db, { password: 'Reste-le-meme-1' });
    const expired = await issueTestToken(database.db, account.id, 'reset_password', new Date(Date.now() - 1000));
    const verifyToken = await issueTestToken(database.db, account.id, 'verify_email');
    for (const token of [expired, 'inconnu', verifyToken]) {
      expect((await request(app()).get('/api/auth/check-reset-token').query({ token })).body).toEqual({ valid: false });
      const res = await request(app()).post('/api/auth/reset-password').send({ token, newPassword: 'Pirate-mdp-1' });
      expect([res.status, res.body.error]).toEqual([400, 'invalid_token']);
    }
    await request(app()).post('/api/auth/login').send({ email: account.email, password: 'Reste-le-meme-1' }).expect(200);
  });

  it('400: a short new password or a missing token are field errors, and the token stays usable', async () => {
    const account = await buildAccount(database.db);
    const token = await issueTestToken(database.db, account.id, 'reset_password');
    const short = await request(app()).post('/api/auth/reset-password').send({ token, newPassword: '12345' }).expect(400);
    expect(short.body.fields).toEqual({ newPassword: ['resetpassword.errorlength'] });
    const missing = await request(app()).post('/api/auth/reset-password').send({ token: '', newPassword: '123456' });
    expect(missing.body.fields).toEqual({ token: ['resetpassword.missingToken'] });
    expect((await request(app()).get('/api/auth/check-reset-token').query({ token })).body).toEqual({ valid: true });
  });

  it('lets a Discord-only account choose a password', async () => {
    const account = await buildAccount(database.db, { password: null, discord_id: '223456789012345678' });
    const token = await issueTestToken(database.db, account.id, 'reset_password');
    await request(app()).post('/api/auth/reset-password').send({ token, newPassword: 'Premier-mdp-1' }).expect(200);
    await request(app()).post('/api/auth/login').send({ email: account.email, password: 'Premier-mdp-1' }).expect(200);
  });
});
