import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccount, testSessionId, uniqueEmail } from '../support/accounts';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 19, security: the password changed with the current one (other sessions end), the
// e-mail changed through a link sent to the new address (the old one told).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const app = () => createTestApp(database.db);

async function logIn(target: ReturnType<typeof app>, email: string, password: string) {
  const res = await request(target).post('/api/auth/login').send({ email, password }).expect(200);
  return `Bearer ${res.body.token as string}`;
}

const mailsTo = (email: string) => database.db('mail_outbox').where({ to_email: email }).orderBy('id');

describe('POST /api/account/password', () => {
  it('changes the password, ends the other sessions but this one, and mails the owner in their language', async () => {
    const target = app();
    const user = await buildAccount(database.db, { language: 'en' });
    const here = await logIn(target, user.email, user.password);
    const elsewhere = await logIn(target, user.email, user.password);

    const res = await request(target)
      .post('/api/account/password')
      .set('Authorization', here)
      .send({ currentPassword: user.password, newPassword: 'Brand-new-pass-2' })
      .expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.endedSessions).toBeGreaterThanOrEqual(2); // `elsewhere` and the test session

    await request(target).get('/api/auth/me').set('Authorization', here).expect(200);
    await request(target).get('/api/auth/me').set('Authorization', elsewhere).expect(401);
    await request(target).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(401);
    await logIn(target, user.email, 'Brand-new-pass-2');

    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ template: 'password_changed', language: 'en', subject: 'Your password was changed' });
    expect(await database.db('audit_log').where({ action: 'user.password_change', entity_id: String(user.id) })).toHaveLength(1);
  });

  it('a wrong current password is 403 with a field error and changes nothing', async () => {
    const target = app();
    const user = await buildAccount(database.db);
    const auth = await logIn(target, user.email, user.password);
    const before = (await database.db('users').where({ id: user.id }).first()).password_hash;
    const res = await request(target)
      .post('/api/account/password')
      .set('Authorization', auth)
      .send({ currentPassword: 'Not-my-password', newPassword: 'Brand-new-pass-2' })
      .expect(403);
    expect(res.body).toMatchObject({ error: 'wrong_current_password', fields: { currentPassword: ['account.errorcurrentwrong'] } });
    expect((await database.db('users').where({ id: user.id }).first()).password_hash).toBe(before);
    await request(target).get('/api/auth/me').set('Authorization', auth).expect(200);
  });

  it('a too short new password is 400 on its field', async () => {
    const target = app();
    const user = await buildAccount(database.db);
    const auth = await logIn(target, user.email, user.password);
    const res = await request(target)
      .post('/api/account/password')
      .set('Authorization', auth)
      .send({ currentPassword: user.password, newPassword: '123' })
      .expect(400);
    expect(res.body.fields.newPassword).toEqual(['register.errorpasswordlength']);
  });

  it('is rate limited per account', async () => {
    const target = app();
    const user = await buildAccount(database.db);
    const auth = await logIn(target, user.email, user.password);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await request(target)
        .post('/api/account/password')
        .set('Authorization', auth)
        .send({ currentPassword: `wrong-${i}`, newPassword: 'Brand-new-pass-2' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/account/email', () => {
  it('mails a link to the new address and a notice to the old one; the link switches the address', async () => {
    const target = app();
    const user = await buildAccount(database.db, { language: 'nl', email_verified_at: new Date() });
    const auth = await logIn(target, user.email, user.password);
    const newEmail = uniqueEmail('moved');

    const res = await request(target)
      .post('/api/account/email')
      .set('Authorization', auth)
      .send({ newEmail: newEmail.toUpperCase(), currentPassword: user.password })
      .expect(200);
    expect(res.body).toEqual({ success: true, pendingEmail: newEmail });
    // Nothing changes until the link is opened.
    expect((await database.db('users').where({ id: user.id }).first()).email).toBe(user.email);
    const profile = await request(target).get('/api/account/profile').set('Authorization', auth).expect(200);
    expect(profile.body.profile.pendingEmail).toBe(newEmail);

    const [confirm] = await mailsTo(newEmail);
    expect(confirm).toMatchObject({ template: 'email_change_confirm', language: 'nl' });
    const [notice] = await mailsTo(user.email);
    expect(notice.template).toBe('email_change_notice');
    expect(notice.text_body).toContain(newEmail);
    expect(notice.text_body).not.toContain('token=');

    const token = /confirm-email\?token=([\w-]+)/.exec(confirm.text_body)![1]!;
    const done = await request(target).post('/api/account/email/confirm').send({ token }).expect(200);
    expect(done.body).toEqual({ success: true, email: newEmail });
    const row = await database.db('users').where({ id: user.id }).first();
    expect(row.email).toBe(newEmail);
    expect(row.email_verified_at).toBeInstanceOf(Date);
    await logIn(target, newEmail, user.password);
    // Single use.
    await request(target).post('/api/account/email/confirm').send({ token }).expect(400);
    expect(await database.db('audit_log').where({ action: 'user.email_change', entity_id: String(user.id) })).toHaveLength(1);
  });

  it('an address another account uses is 409 email_taken, and nothing is mailed', async () => {
    const target = app();
    const user = await buildAccount(database.db, { email_verified_at: new Date() });
    const other = await buildAccount(database.db);
    const auth = await logIn(target, user.email, user.password);
    const res = await request(target)
      .post('/api/account/email')
      .set('Authorization', auth)
      .send({ newEmail: other.email.toUpperCase(), currentPassword: user.password })
      .expect(409);
    expect(res.body).toMatchObject({ error: 'email_taken', fields: { newEmail: ['register.erroremailtaken'] } });
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect(await database.db('email_changes').where({ user_id: user.id })).toHaveLength(0);
  });

  it('taken between the request and the click: the link is refused with 409', async () => {
    const target = app();
    const user = await buildAccount(database.db, { email_verified_at: new Date() });
    const auth = await logIn(target, user.email, user.password);
    const newEmail = uniqueEmail('race');
    await request(target)
      .post('/api/account/email')
      .set('Authorization', auth)
      .send({ newEmail, currentPassword: user.password })
      .expect(200);
    await buildAccount(database.db, { email: newEmail });
    const [confirm] = await mailsTo(newEmail);
    const token = /confirm-email\?token=([\w-]+)/.exec(confirm.text_body)![1]!;
    await request(target).post('/api/account/email/confirm').send({ token }).expect(409);
    expect((await database.db('users').where({ id: user.id }).first()).email).toBe(user.email);
  });

  it('a wrong current password is 403; a bad address 400; an unknown link 400', async () => {
    const target = app();
    const user = await buildAccount(database.db, { email_verified_at: new Date() });
    const auth = await logIn(target, user.email, user.password);
    await request(target)
      .post('/api/account/email')
      .set('Authorization', auth)
      .send({ newEmail: uniqueEmail(), currentPassword: 'wrong' })
      .expect(403);
    const bad = await request(target).post('/api/account/email').set('Authorization', auth).send({ newEmail: 'not-an-email' }).expect(400);
    expect(bad.body.fields.newEmail).toEqual(['register.erroremail']);
    await request(target).post('/api/account/email/confirm').send({ token: 'nope' }).expect(400);
    expect(await database.db('email_changes').where({ user_id: user.id })).toHaveLength(0);
  });
});

describe('an account without a password (Discord only)', () => {
  it('changes its e-mail or deletes itself only within 10 minutes of signing in', async () => {
    const target = app();
    const user = await buildAccount(database.db, { email_verified_at: new Date() });
    await database
      .db('users')
      .where({ id: user.id })
      .update({ password_hash: null, discord_id: `discord-${user.id}` });
    const auth = bearer(user.id);
    const signedInAgo = (minutes: number) =>
      database
        .db('sessions')
        .where({ id: testSessionId(user.id, 'login') })
        .update({ created_at: new Date(Date.now() - minutes * 60_000) });

    // A session opened 11 minutes ago is not enough: a left-open browser cannot take the account.
    await signedInAgo(11);
    const late = await request(target)
      .post('/api/account/email')
      .set('Authorization', auth)
      .send({ newEmail: uniqueEmail('taken') });
    expect(late.status).toBe(403);
    expect(late.body.error).toBe('recent_login_required');
    const deletion = await request(target).post('/api/account/deletion').set('Authorization', auth).send({ confirm: true });
    expect(deletion.status).toBe(403);
    expect(deletion.body.error).toBe('recent_login_required');
    expect(await database.db('email_changes').where({ user_id: user.id })).toHaveLength(0);
    expect((await database.db('users').where({ id: user.id }).first()).deleted_at).toBeNull();

    // Just signed in (with Discord): the change goes ahead.
    await signedInAgo(2);
    const fresh = await request(target)
      .post('/api/account/email')
      .set('Authorization', auth)
      .send({ newEmail: uniqueEmail('fresh') });
    expect(fresh.status).toBe(200);
  });
});
