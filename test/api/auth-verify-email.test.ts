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

/** The token a verification mail in the outbox carries. */
async function tokenFromLatestMail(email: string): Promise<string> {
  const mail = await database.db('mail_outbox').where({ to_email: email }).orderBy('id', 'desc').first();
  const token = /verify-email\?token=([\w-]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no verification link in the mail to ${email}`);
  return token;
}

describe('POST /api/auth/verify-email', () => {
  it('200: the token of the register mail verifies the account once; a second use is 400', async () => {
    const reg = await request(app())
      .post('/api/auth/register')
      .send({
        email: `verif-${Date.now()}@example.test`,
        password: 'Secret-pass-1',
        fullName: 'Emma Janssens',
        address: 'Meir 1, 2000 Antwerpen',
        phone: '+32 470 00 00 01',
      })
      .expect(201);
    const token = await tokenFromLatestMail(reg.body.user.email);

    await request(app()).post('/api/auth/verify-email').send({ token }).expect(200, { success: true });
    const row = await database.db('users').where({ id: reg.body.user.id }).first();
    expect(row.email_verified_at).toBeInstanceOf(Date);
    const me = await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${reg.body.token}`);
    expect(me.body.user.emailVerified).toBe(true);
    const audit = await database.db('audit_log').where({ action: 'user.verify_email', actor_id: reg.body.user.id });
    expect(audit).toHaveLength(1);

    const again = await request(app()).post('/api/auth/verify-email').send({ token }).expect(400);
    expect(again.body).toMatchObject({ error: 'invalid_token' });
  });

  it('400: an expired token, and the account stays unverified', async () => {
    const account = await buildAccount(database.db);
    const token = await issueTestToken(database.db, account.id, 'verify_email', new Date(Date.now() - 1000));
    const res = await request(app()).post('/api/auth/verify-email').send({ token }).expect(400);
    expect(res.body.error).toBe('invalid_token');
    expect((await database.db('users').where({ id: account.id }).first()).email_verified_at).toBeNull();
  });

  it('400: an unknown token, and a reset token used as a verification token', async () => {
    const account = await buildAccount(database.db);
    const resetToken = await issueTestToken(database.db, account.id, 'reset_password');
    for (const token of ['unknown-token-value', resetToken]) {
      const res = await request(app()).post('/api/auth/verify-email').send({ token }).expect(400);
      expect(res.body.error).toBe('invalid_token');
    }
    expect((await database.db('users').where({ id: account.id }).first()).email_verified_at).toBeNull();
  });

  it('400: a missing token is a field error', async () => {
    const res = await request(app()).post('/api/auth/verify-email').send({ token: '' }).expect(400);
    expect(res.body.fields).toEqual({ token: ['verifyemail.errortoken'] });
  });
});

describe('GET /api/auth/check-verified', () => {
  it('answers for the token’s own e-mail (any case), before and after verification', async () => {
    const account = await buildAccount(database.db, { email: 'poll@example.test' });
    const ask = () =>
      request(app()).get('/api/auth/check-verified').query({ email: 'Poll@Example.test' }).set('Authorization', bearer(account.id));
    expect((await ask().expect(200)).body).toEqual({ isVerified: false });
    await database.db('users').where({ id: account.id }).update({ email_verified_at: new Date() });
    expect((await ask().expect(200)).body).toEqual({ isVerified: true });
  });

  it('403: another account’s e-mail cannot be probed', async () => {
    const me = await buildAccount(database.db);
    const other = await buildAccount(database.db, { email_verified_at: new Date() });
    const res = await request(app())
      .get('/api/auth/check-verified')
      .query({ email: other.email })
      .set('Authorization', bearer(me.id))
      .expect(403);
    expect(res.body).toMatchObject({ error: 'forbidden' });
    expect(JSON.stringify(res.body)).not.toContain('isVerified');
  });

  it('401 without a token', async () => {
    const account = await buildAccount(database.db);
    await request(app()).get('/api/auth/check-verified').query({ email: account.email }).expect(401);
  });

  it('400 without an e-mail', async () => {
    const account = await buildAccount(database.db);
    const res = await request(app()).get('/api/auth/check-verified').set('Authorization', bearer(account.id)).expect(400);
    expect(res.body.error).toBe('validation_error');
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('200: a new token and mail; the older link stops working', async () => {
    const account = await buildAccount(database.db, { language: 'en', full_name: 'Sophie Lambert' });
    const oldToken = await issueTestToken(database.db, account.id, 'verify_email');
    const mailer = createTestMailer(database.db);
    await request(responses.record(createTestApp(database.db, { mailer })))
      .post('/api/auth/resend-verification')
      .set('Authorization', bearer(account.id))
      .expect(200, { success: true });
    await mailer.idle();

    const mail = await database.db('mail_outbox').where({ to_email: account.email }).first();
    expect(mail).toMatchObject({ template: 'verify_email', language: 'en', subject: 'Confirm your e-mail address' });
    expect(mail.text_body).toContain('Hello Sophie Lambert,');
    const newToken = await tokenFromLatestMail(account.email);

    await request(app()).post('/api/auth/verify-email').send({ token: oldToken }).expect(400);
    await request(app()).post('/api/auth/verify-email').send({ token: newToken }).expect(200);
  });

  it('200 with alreadyVerified, and no mail, for a verified account', async () => {
    const account = await buildAccount(database.db, { email_verified_at: new Date() });
    await request(app())
      .post('/api/auth/resend-verification')
      .set('Authorization', bearer(account.id))
      .expect(200, { success: true, alreadyVerified: true });
    expect(await database.db('mail_outbox').where({ to_email: account.email })).toHaveLength(0);
  });

  it('401 without a token', async () => {
    await request(app()).post('/api/auth/resend-verification').expect(401);
  });

  it('429 on the 6th request within an hour for one account; another account is not held back', async () => {
    const account = await buildAccount(database.db);
    const other = await buildAccount(database.db);
    const one = app();
    for (let i = 0; i < 5; i++) {
      await request(one).post('/api/auth/resend-verification').set('Authorization', bearer(account.id)).expect(200);
    }
    const res = await request(one).post('/api/auth/resend-verification').set('Authorization', bearer(account.id)).expect(429);
    expect(res.body.error).toBe('too_many_attempts');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await request(one).post('/api/auth/resend-verification').set('Authorization', bearer(other.id)).expect(200);
    // One token at a time: the five resends left one usable verification token.
    const usable = await database.db('one_time_tokens').where({ user_id: account.id, purpose: 'verify_email' }).whereNull('used_at');
    expect(usable).toHaveLength(1);
  });
});
