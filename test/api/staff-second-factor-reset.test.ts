import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTestToken } from '../support/accounts';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { buildStaff, STAFF_ADMIN_PASSWORD, staffBearer, totpCode } from '../support/staff';

// Security review (issue 29), finding 7: after an admin resets a staff member's second factor,
// whoever knows only their password must not be able to put their own factor in place. The staff
// member enrols again through a one-time link mailed to their address.

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

/** An admin resets the agent's factor; the link of the mail it sends them. */
async function resetByAdmin(agent: { id: number; email: string }) {
  const admin = await buildStaff(db(), 'admin');
  await request(app()).post(`/api/admin/users/${agent.id}/second-factor/reset`).set('Authorization', staffBearer(admin.id)).expect(200);
  const mail = await db()('mail_outbox').where({ to_email: agent.email, template: 'second_factor_reset' }).orderBy('id', 'desc').first();
  const token = /staff-second-factor\?token=([\w-]+)/.exec(String(mail?.text_body))?.[1];
  if (!token) throw new Error('no enrolment link in the reset mail');
  return { token, mail };
}

/** The password login; without a factor it answers a session. */
async function passwordLogin(agent: { email: string; password: string }) {
  const res = await request(app()).post('/api/auth/login').send({ email: agent.email, password: agent.password }).expect(200);
  return res.body as { token?: string; challenge?: string };
}

const linkSetup = (token: string) => request(app()).post('/api/auth/staff-second-factor/setup').send({ token });
const linkConfirm = (token: string, code: string) => request(app()).post('/api/auth/staff-second-factor/confirm').send({ token, code });

describe('after an admin resets a staff member’s second factor', () => {
  it('someone with only the password logs in but cannot enrol their own factor (403 enrolment_link_required) nor open the back-office', async () => {
    const agent = await buildStaff(db(), 'support');
    const { mail } = await resetByAdmin(agent);
    expect(mail.text_body).toContain(`${TEST_PUBLIC_URL}/fr/staff-second-factor?token=`);

    const { token } = await passwordLogin(agent);
    const auth = `Bearer ${token}`;
    const setup = await request(app()).post('/api/account/2fa/setup').set('Authorization', auth).expect(403);
    expect(setup.body.error).toBe('enrolment_link_required');
    const confirm = await request(app())
      .post('/api/account/2fa/confirm')
      .set('Authorization', auth)
      .send({ code: totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') })
      .expect(403);
    expect(confirm.body.error).toBe('enrolment_link_required');
    expect(await db()('user_second_factors').where({ user_id: agent.id })).toHaveLength(0);

    const verify = await request(app())
      .post('/api/admin/verify-admin-password')
      .set('Authorization', auth)
      .send({ userId: agent.id, admin_password: STAFF_ADMIN_PASSWORD })
      .expect(403);
    expect(verify.body.error).toBe('second_factor_required');
  });

  it('the mailed link enrols the factor; then the password and a code open the back-office', async () => {
    const agent = await buildStaff(db(), 'manager');
    const { token } = await resetByAdmin(agent);

    const setup = await linkSetup(token).expect(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    expect(setup.body.otpauthUri).toContain(encodeURIComponent(agent.email));
    const secret = setup.body.secret as string;
    const confirmed = await linkConfirm(token, totpCode(secret)).expect(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(await db()('users').where({ id: agent.id }).first()).toMatchObject({ second_factor_link_required: false });

    const login = await passwordLogin(agent);
    expect(login.token).toBeUndefined();
    const session = await request(app())
      .post('/api/auth/login/second-factor')
      .send({ challenge: login.challenge, code: totpCode(secret, Date.now() + 30_000) })
      .expect(200);
    await request(app())
      .post('/api/admin/verify-admin-password')
      .set('Authorization', `Bearer ${session.body.token as string}`)
      .send({ userId: agent.id, admin_password: STAFF_ADMIN_PASSWORD })
      .expect(200);
  });

  it('the link is single use: a wrong code spends nothing, the right one spends it, then setup and confirm are 400 invalid_token', async () => {
    const agent = await buildStaff(db(), 'support');
    const { token } = await resetByAdmin(agent);
    const secret = (await linkSetup(token).expect(200)).body.secret as string;
    const valid = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000)));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code))!;

    expect((await linkConfirm(token, wrong).expect(400)).body.error).toBe('invalid_second_factor_code');
    await linkConfirm(token, totpCode(secret)).expect(200);

    expect((await linkConfirm(token, totpCode(secret, Date.now() + 30_000)).expect(400)).body.error).toBe('invalid_token');
    expect((await linkSetup(token).expect(400)).body.error).toBe('invalid_token');
    // The factor is on: the password now leads to the code step.
    const login = await request(app()).post('/api/auth/login').send({ email: agent.email, password: agent.password }).expect(200);
    expect(login.body.challenge).toEqual(expect.any(String));
  });

  it('an expired link, a link of another purpose, and a link of an account that is not staff are 400 invalid_token', async () => {
    const agent = await buildStaff(db(), 'support');
    await resetByAdmin(agent);
    const expired = await issueTestToken(db(), agent.id, 'staff_second_factor_enrolment', new Date(Date.now() - 1000));
    expect((await linkSetup(expired).expect(400)).body.error).toBe('invalid_token');
    const otherPurpose = await issueTestToken(db(), agent.id, 'reset_password');
    expect((await linkSetup(otherPurpose).expect(400)).body.error).toBe('invalid_token');

    const customer = await buildStaff(db(), 'support', { secondFactor: false });
    await db()('users').where({ id: customer.id }).update({ role: 'customer', second_factor_link_required: true });
    const notStaff = await issueTestToken(db(), customer.id, 'staff_second_factor_enrolment');
    expect((await linkSetup(notStaff).expect(400)).body.error).toBe('invalid_token');
  });

  it('asked again before the link was used, the reset mails a fresh link and the older one stops working', async () => {
    const agent = await buildStaff(db(), 'support');
    const first = await resetByAdmin(agent);
    const second = await resetByAdmin(agent);
    expect(second.token).not.toBe(first.token);
    await linkSetup(first.token).expect(400);
    await linkSetup(second.token).expect(200);
  });
});
