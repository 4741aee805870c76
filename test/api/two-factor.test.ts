import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../server/crypto/secret-box';
import { ACCOUNT_MAX_FAILURES } from '../../server/modules/two-factor/login-challenges.service';
import { insertChallenge } from '../../server/modules/two-factor/two-factor.repo';
import { newOneTimeToken } from '../../server/security/one-time-token';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, TEST_ENCRYPTION_KEY } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { buildStaff, enrolSecondFactor, STAFF_ADMIN_PASSWORD, staffBearer, totpCode } from '../support/staff';

let database: TestDatabase;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await database.destroy();
});

const db = () => database.db;
const app = () => responses.record(createTestApp(database.db));
const STEP_MS = 30_000;

/** Enrols the account through the API; the secret and the recovery codes it was shown. */
async function enrol(userId: number) {
  const setup = await request(app()).post('/api/account/2fa/setup').set('Authorization', bearer(userId)).expect(200);
  const confirmed = await request(app())
    .post('/api/account/2fa/confirm')
    .set('Authorization', bearer(userId))
    .send({ code: totpCode(setup.body.secret) })
    .expect(200);
  return { secret: setup.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[], setup: setup.body };
}

const login = (email: string, password: string) => request(app()).post('/api/auth/login').send({ email, password });
const secondStep = (body: { challenge: string; code?: string; recoveryCode?: string }) =>
  request(app()).post('/api/auth/login/second-factor').send(body);

describe('enrolment', () => {
  it('gives a QR code drawn by the server, keeps the secret encrypted, turns on with a right code, shows 10 recovery codes once', async () => {
    const account = await buildAccount(db(), { email_verified_at: new Date() });
    const { secret, recoveryCodes, setup } = await enrol(account.id);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    const row = await db()('user_second_factors').where({ user_id: account.id }).first();
    expect(row.totp_secret_encrypted).not.toContain(secret);
    expect(decryptSecret(row.totp_secret_encrypted, TEST_ENCRYPTION_KEY)).toBe(secret);
    expect(row.enabled_at).not.toBeNull();

    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await db()('user_recovery_codes').where({ user_id: account.id });
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace(/-/g, ''));

    const status = await request(app()).get('/api/account/2fa').set('Authorization', bearer(account.id)).expect(200);
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    const mail = await db()('mail_outbox').where({ to_email: account.email, template: 'second_factor_enabled' }).first();
    expect(mail).toBeDefined();
    // A second enrolment over an enabled factor is refused: it would replace the secret silently.
    expect((await request(app()).post('/api/account/2fa/setup').set('Authorization', bearer(account.id)).expect(409)).body.error).toBe(
      'second_factor_already_enabled',
    );
  });

  it('refuses a wrong code (400 with the field) and stays off; a malformed one is a form error', async () => {
    const account = await buildAccount(db(), { email_verified_at: new Date() });
    const setup = await request(app()).post('/api/account/2fa/setup').set('Authorization', bearer(account.id)).expect(200);
    const wrong = String((Number(totpCode(setup.body.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const res = await request(app())
      .post('/api/account/2fa/confirm')
      .set('Authorization', bearer(account.id))
      .send({ code: wrong })
      .expect(400);
    expect(res.body).toMatchObject({ error: 'invalid_second_factor_code', fields: { code: ['twoFactor.errors.codeWrong'] } });
    const malformed = await request(app()).post('/api/account/2fa/confirm').set('Authorization', bearer(account.id)).send({ code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ code: ['twoFactor.errors.codeFormat'] });
    const status = await request(app()).get('/api/account/2fa').set('Authorization', bearer(account.id)).expect(200);
    expect(status.body.enabled).toBe(false);
    // Without the second factor, the password alone still opens the session.
    expect((await login(account.email, account.password).expect(200)).body.token).toBeTruthy();
  });
});

describe('login with a second factor', () => {
  it('answers a challenge instead of a session; the code gives the session; the same code again is refused', async () => {
    const account = await buildAccount(db(), { email_verified_at: new Date() });
    const secret = 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF';
    await enrolSecondFactor(db(), account.id, secret);

    const first = await login(account.email, account.password).expect(200);
    expect(first.body).toEqual({ secondFactorRequired: true, challenge: expect.any(String) });
    expect(first.body.token).toBeUndefined();
    // The challenge is not a session: it opens nothing.
    await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${first.body.challenge}`).expect(401);

    const code = totpCode(secret);
    const session = await secondStep({ challenge: first.body.challenge, code }).expect(200);
    expect(session.body.user).toMatchObject({ id: account.id });
    await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${session.body.token}`).expect(200);
    // The challenge is spent with the session.
    expect((await secondStep({ challenge: first.body.challenge, code }).expect(401)).body.error).toBe('challenge_expired');

    // Replayed: the same code on a new challenge, within its window.
    const second = await login(account.email, account.password).expect(200);
    expect((await secondStep({ challenge: second.body.challenge, code }).expect(401)).body.error).toBe('invalid_second_factor_code');
    // An older step's code is refused too (it is before the last used one); the next step's code passes.
    await secondStep({ challenge: second.body.challenge, code: totpCode(secret, Date.now() - STEP_MS) }).expect(401);
    await secondStep({ challenge: second.body.challenge, code: totpCode(secret, Date.now() + STEP_MS) }).expect(200);
  });

  it('a wrong password is still the same 401, with no challenge', async () => {
    const account = await buildAccount(db(), { email_verified_at: new Date() });
    await enrolSecondFactor(db(), account.id);
    const res = await login(account.email, 'Wrong-pass-1').expect(401);
    expect(res.body).toEqual({ error: 'invalid_credentials', message: 'Wrong e-mail or password' });
  });

  it('a recovery code opens one session, once; typed in any case and without dashes', async () => {
    const account = await buildAccount(db(), { email_verified_at: new Date() });
    const { recoveryCodes } = await enrol(account.id);
    const code = recoveryCodes[3] as string;

    const first = await login(account.email, account.password).expect(200);
    await secondStep({ challenge: first.body.challenge, recoveryCode: code.replace(/-/g, '').toUpperCase() }).expect(200);
    const audit = await db()('audit_log').where({ actor_id: account.id, action: 'user.recovery_code_used' });
    expect(audit).toHaveLength(1);

    const again = await login(account.email, account.password).expect(200);
    expect((await secondStep({ challenge: again.body.challenge, recoveryCode: code }).expect(401)).body.error).toBe(
      'invalid_second_factor_code',
    );
    const status = await request(app()).get('/api/account/2fa').set('Authorization', bearer(account.id)).expect(200);
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it('a challenge takes five wrong codes, then the password is asked again', async () => {
    const account = await buildAccount(db(), { email_verified_at: new Date() });
    await enrolSecondFactor(db(), account.id, 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U');
    const { body } = await login(account.email, account.password).expect(200);
    for (let i = 0; i < 5; i += 1) await secondStep({ challenge: body.challenge, code: '000000' }).expect(401);
    const right = totpCode('MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U');
    expect((await secondStep({ challenge: body.challenge, code: right }).expect(401)).body.error).toBe('challenge_expired');
  });

  it('fifteen wrong codes fired at once on fifteen challenges: exactly the account’s 10 are checked, the rest refused 429', async () => {
    const account = await buildAccount(db(), { email_verified_at: new Date() });
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    await enrolSecondFactor(db(), account.id, secret);
    // Fifteen challenges, as fifteen password logins would give (built here: no argon2 fifteen times).
    const challenges = Array.from({ length: 15 }, () => newOneTimeToken());
    for (const c of challenges) {
      await insertChallenge(db(), { tokenHash: c.hash, userId: account.id, expiresAt: new Date(Date.now() + 300_000) });
    }
    const valid = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * STEP_MS)));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code))!;

    const target = app();
    const answers = await Promise.all(
      challenges.map((c) => request(target).post('/api/auth/login/second-factor').send({ challenge: c.value, code: wrong })),
    );
    const errors = answers.map((a) => `${a.status} ${a.body.error as string}`).sort();
    expect(errors.filter((e) => e === '401 invalid_second_factor_code')).toHaveLength(ACCOUNT_MAX_FAILURES);
    expect(errors.filter((e) => e === '429 too_many_attempts')).toHaveLength(15 - ACCOUNT_MAX_FAILURES);

    // Locked for the quarter hour: even the right code on a fresh challenge waits.
    const fresh = newOneTimeToken();
    await insertChallenge(db(), { tokenHash: fresh.hash, userId: account.id, expiresAt: new Date(Date.now() + 300_000) });
    const right = await request(target)
      .post('/api/auth/login/second-factor')
      .send({ challenge: fresh.value, code: totpCode(secret) });
    expect([right.status, right.body.error]).toEqual([429, 'too_many_attempts']);
  });

  it('regenerating recovery codes needs a code from the app; the old ones stop working', async () => {
    const account = await buildAccount(db(), { email_verified_at: new Date() });
    const { secret, recoveryCodes } = await enrol(account.id);
    const fresh = await request(app())
      .post('/api/account/2fa/recovery-codes')
      .set('Authorization', bearer(account.id))
      .send({ code: totpCode(secret, Date.now() + STEP_MS) })
      .expect(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const { body } = await login(account.email, account.password).expect(200);
    await secondStep({ challenge: body.challenge, recoveryCode: recoveryCodes[0] as string }).expect(401);
    await secondStep({ challenge: body.challenge, recoveryCode: fresh.body.recoveryCodes[0] }).expect(200);
  });

  it('turning it off needs the password and a code; then the password alone opens the session', async () => {
    const account = await buildAccount(db(), { email_verified_at: new Date() });
    const { recoveryCodes } = await enrol(account.id);
    const off = (body: object) => request(app()).post('/api/account/2fa/disable').set('Authorization', bearer(account.id)).send(body);
    expect((await off({ password: 'Wrong-pass-1', recoveryCode: recoveryCodes[0] }).expect(400)).body.error).toBe('wrong_password');
    expect((await off({ password: account.password, code: '000000' }).expect(400)).body.error).toBe('invalid_second_factor_code');
    await off({ password: account.password, recoveryCode: recoveryCodes[0] }).expect(200);
    expect((await login(account.email, account.password).expect(200)).body.token).toBeTruthy();
    expect(await db()('user_recovery_codes').where({ user_id: account.id })).toHaveLength(0);
    expect(await db()('mail_outbox').where({ to_email: account.email, template: 'second_factor_disabled' })).toHaveLength(1);
  });
});

describe('staff', () => {
  it('without a second factor: 403 second_factor_required on the admin password step and on every staff call', async () => {
    const agent = await buildStaff(db(), 'manager', { secondFactor: false });
    const role = await request(app()).get('/api/admin/getrole').set('Authorization', staffBearer(agent.id)).expect(403);
    expect(role.body.error).toBe('second_factor_required');
    const verify = await request(app())
      .post('/api/admin/verify-admin-password')
      .set('Authorization', bearer(agent.id))
      .send({ userId: agent.id, admin_password: STAFF_ADMIN_PASSWORD })
      .expect(403);
    expect(verify.body.error).toBe('second_factor_required');
    // A wrong admin password is still the plain refusal (nothing learnt about the factor).
    await request(app())
      .post('/api/admin/verify-admin-password')
      .set('Authorization', bearer(agent.id))
      .send({ userId: agent.id, admin_password: 'not-it' })
      .expect(401);
    const status = await request(app()).get('/api/account/2fa').set('Authorization', bearer(agent.id)).expect(200);
    expect(status.body).toMatchObject({ enabled: false, required: true });
  });

  it('staff cannot turn their own second factor off', async () => {
    const agent = await buildStaff(db(), 'support');
    const res = await request(app())
      .post('/api/account/2fa/disable')
      .set('Authorization', bearer(agent.id))
      .send({ password: agent.password, code: totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') })
      .expect(403);
    expect(res.body.error).toBe('second_factor_required');
  });

  it('an admin resets a staff member’s second factor: audited, mailed, their sessions end; a manager may not', async () => {
    const admin = await buildStaff(db(), 'admin');
    const manager = await buildStaff(db(), 'manager');
    const agent = await buildStaff(db(), 'support', { fullName: 'Inès Durand' });
    const reset = (actor: number, target: number) =>
      request(app()).post(`/api/admin/users/${target}/second-factor/reset`).set('Authorization', staffBearer(actor));

    expect((await reset(manager.id, agent.id).expect(403)).body.error).toBe('forbidden_role');
    await reset(admin.id, agent.id).expect(200);

    expect(await db()('user_second_factors').where({ user_id: agent.id })).toHaveLength(0);
    const audit = await db()('audit_log')
      .where({ action: 'staff.second_factor_reset', entity_id: String(agent.id) })
      .first();
    expect(audit).toMatchObject({ actor_id: admin.id, after: { secondFactor: false, sessionsEnded: true } });
    const mail = await db()('mail_outbox').where({ to_email: agent.email, template: 'second_factor_reset' }).first();
    expect(mail.subject).toBe('Votre double authentification a été réinitialisée');
    await request(app()).get('/api/auth/me').set('Authorization', bearer(agent.id)).expect(401);

    // A customer is not staff; one's own factor is reset from one's settings.
    const customer = await buildAccount(db(), { email_verified_at: new Date() });
    await enrolSecondFactor(db(), customer.id);
    expect((await reset(admin.id, customer.id).expect(404)).body.error).toBe('user_not_found');
    expect((await reset(admin.id, admin.id).expect(403)).body.error).toBe('use_own_settings');
  });
});
