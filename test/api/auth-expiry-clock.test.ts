import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { insertSession } from '../../server/modules/auth/sessions.repo';
import { signSessionToken } from '../../server/security/jwt';
import { bearer, buildAccount, registerBody, TEST_SESSION_TTL_SECONDS, uniqueEmail } from '../support/accounts';
import { createTestApp, TEST_JWT_SECRET } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { enrolSecondFactor, totpCode } from '../support/staff';

// Issue 30, item 1: session, second-factor challenge, reset link, e-mail verification and e-mail
// change expire by the injected clock, as orders and billing do. Each case moves the clock to just
// before the end (still works) and to the end (refused). The clock starts years away from the real
// time, so a rule that still read the system's or the database's time would decide otherwise.

let database: TestDatabase;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await database.destroy();
});

/** A fresh app on a clock of its own, stopped until the test moves it. */
function appOnClock(): { target: ReturnType<typeof responses.record>; clock: MovableClock } {
  const clock = createMovableClock(new Date('2031-05-06T08:00:00Z'));
  return { target: responses.record(createTestApp(database.db, { clock })), clock };
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Moves the clock by milliseconds (MovableClock.advance takes whole units). */
const forward = (clock: MovableClock, ms: number) => clock.set(new Date(clock.now().getTime() + ms));

const mailsTo = (email: string, template: string) => database.db('mail_outbox').where({ to_email: email, template }).orderBy('id', 'desc');

async function linkToken(email: string, template: string, path: string): Promise<string> {
  const [mail] = await mailsTo(email, template);
  const token = new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${email}`);
  return token;
}

describe('a login session lasts 12 hours by the clock', () => {
  it('a customer logged in 11 h 59 min ago is still in; at 12 hours the same token is 401', async () => {
    const { target, clock } = appOnClock();
    const account = await buildAccount(database.db);
    const login = await request(target).post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200);
    const auth = `Bearer ${login.body.token as string}`;

    forward(clock, 12 * HOUR - MINUTE);
    await request(target).get('/api/auth/me').set('Authorization', auth).expect(200);
    forward(clock, MINUTE);
    await request(target).get('/api/auth/me').set('Authorization', auth).expect(401);
  });

  it('the session row decides by the clock, whatever a longer-lived token says; the list drops it too', async () => {
    const { target, clock } = appOnClock();
    const account = await buildAccount(database.db);
    const id = randomUUID();
    await insertSession(database.db, {
      id,
      userId: account.id,
      kind: 'login',
      ttlSeconds: 3600,
      userAgent: null,
      ip: null,
      now: clock.now(),
    });
    const auth = `Bearer ${signSessionToken(account.id, id, TEST_JWT_SECRET, clock.now(), TEST_SESSION_TTL_SECONDS)}`;
    const listed = async () =>
      (
        (await request(target).get('/api/auth/sessions').set('Authorization', bearer(account.id)).expect(200)).body.sessions as {
          id: string;
        }[]
      ).map((session) => session.id);

    forward(clock, HOUR - MINUTE);
    await request(target).get('/api/auth/me').set('Authorization', auth).expect(200);
    expect(await listed()).toContain(id);
    forward(clock, MINUTE);
    await request(target).get('/api/auth/me').set('Authorization', auth).expect(401);
    expect(await listed()).not.toContain(id);
  });
});

describe('a second-factor challenge lasts 5 minutes by the clock', () => {
  const SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U';

  it('the code typed 4 min 59 s after the password opens the session; typed at 5 minutes it is challenge_expired', async () => {
    const { target, clock } = appOnClock();
    const account = await buildAccount(database.db);
    await enrolSecondFactor(database.db, account.id, SECRET);
    const password = () => request(target).post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200);
    const secondStep = (challenge: string) =>
      request(target)
        .post('/api/auth/login/second-factor')
        .send({ challenge, code: totpCode(SECRET, clock.now().getTime()) });

    const inTime = (await password()).body.challenge as string;
    forward(clock, 5 * MINUTE - SECOND);
    expect((await secondStep(inTime)).status).toBe(200);

    const late = (await password()).body.challenge as string;
    forward(clock, 5 * MINUTE);
    const refused = await secondStep(late);
    expect([refused.status, refused.body.error]).toEqual([401, 'challenge_expired']);
  });
});

describe('a password reset link lasts one hour by the clock', () => {
  it('usable 59 minutes after it was mailed; at one hour it is invalid and the password stays', async () => {
    const { target, clock } = appOnClock();
    const account = await buildAccount(database.db, { password: 'Garde-le-mien-1' });
    await request(target).post('/api/auth/forget-password-via-email').send({ email: account.email }).expect(200);
    const token = await linkToken(account.email, 'reset_password', 'reset-password');

    forward(clock, HOUR - MINUTE);
    expect((await request(target).get('/api/auth/check-reset-token').query({ token }).expect(200)).body).toEqual({ valid: true });
    forward(clock, MINUTE);
    expect((await request(target).get('/api/auth/check-reset-token').query({ token }).expect(200)).body).toEqual({ valid: false });
    const res = await request(target).post('/api/auth/reset-password').send({ token, newPassword: 'Trop-tard-mdp-2' });
    expect([res.status, res.body.error]).toEqual([400, 'invalid_token']);
    await request(target).post('/api/auth/login').send({ email: account.email, password: 'Garde-le-mien-1' }).expect(200);
  });
});

describe('an e-mail verification link lasts 24 hours by the clock', () => {
  it('a link opened 23 h 59 min after registering verifies; one opened at 24 hours does not', async () => {
    const { target, clock } = appOnClock();
    const register = (email: string) => request(target).post('/api/auth/register').send(registerBody({ email })).expect(201);
    const verified = async (email: string) => (await database.db('users').where({ email }).first()).email_verified_at as Date | null;

    const inTime = uniqueEmail('verify-in-time');
    await register(inTime);
    forward(clock, 24 * HOUR - MINUTE);
    await request(target)
      .post('/api/auth/verify-email')
      .send({ token: await linkToken(inTime, 'verify_email', 'verify-email') })
      .expect(200, { success: true });
    expect(await verified(inTime)).toEqual(clock.now());

    const late = uniqueEmail('verify-late');
    await register(late);
    forward(clock, 24 * HOUR);
    const res = await request(target)
      .post('/api/auth/verify-email')
      .send({ token: await linkToken(late, 'verify_email', 'verify-email') });
    expect([res.status, res.body.error]).toEqual([400, 'invalid_token']);
    expect(await verified(late)).toBeNull();
  });
});

describe('an e-mail change link lasts 24 hours by the clock', () => {
  it('confirmed 23 h 59 min after asking, the address changes; confirmed at 24 hours it is refused and stays', async () => {
    const { target, clock } = appOnClock();
    const user = await buildAccount(database.db, { email_verified_at: new Date() });
    const askFor = async (newEmail: string) => {
      await request(target)
        .post('/api/account/email')
        .set('Authorization', bearer(user.id))
        .send({ newEmail, currentPassword: user.password })
        .expect(200);
      return linkToken(newEmail, 'email_change_confirm', 'confirm-email');
    };
    const confirm = (token: string) => request(target).post('/api/account/email/confirm').send({ token });
    const pending = async () =>
      (await request(target).get('/api/account/profile').set('Authorization', bearer(user.id)).expect(200)).body.profile.pendingEmail;

    const first = uniqueEmail('moved-in-time');
    const inTime = await askFor(first);
    forward(clock, 24 * HOUR - MINUTE);
    expect(await pending()).toBe(first);
    expect((await confirm(inTime).expect(200)).body).toEqual({ success: true, email: first });

    const second = uniqueEmail('moved-late');
    const late = await askFor(second);
    forward(clock, 24 * HOUR);
    expect(await pending()).toBeNull();
    const refused = await confirm(late);
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid_token']);
    expect((await database.db('users').where({ id: user.id }).first()).email).toBe(first);
  });
});
