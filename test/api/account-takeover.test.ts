import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/app';
import { newOneTimeToken } from '../../server/security/one-time-token';
import { bearer, buildAccount, issueTestToken, registerBody, uniqueEmail } from '../support/accounts';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { enrolSecondFactor, totpCode } from '../support/staff';
import { fakeDiscordUser, startDiscordFake, type DiscordFake, type FakeDiscordUser } from '../fakes/discord';

// Security review (issue 29), findings 1, 2 and 5: someone registers the owner's address with
// their own password, never verifies it, and prepares a way back in (an e-mail change, a second
// factor) for after the owner claims the account by signing in with Discord.

const CLIENT = { clientId: '1180000000000000001', clientSecret: 'discord-test-secret' };
const SQUATTER_PASSWORD = 'Squat-pass-1';

let database: TestDatabase;
let fake: DiscordFake;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startDiscordFake(CLIENT);
});
afterAll(async () => {
  responses.expectNoSecrets();
  await fake.close();
  await database.destroy();
});

const db = () => database.db;
const discordConfig = (): Partial<AppConfig> => ({ discord: { ...CLIENT, apiBase: fake.baseUrl } });
const app = () => responses.record(createTestApp(database.db, { config: discordConfig() }));

/** The squatter registers the victim's address with their own password: an unverified account and its session. */
async function squat(victimEmail: string) {
  const res = await request(app())
    .post('/api/auth/register')
    .send(registerBody({ email: victimEmail, password: SQUATTER_PASSWORD, fullName: 'Squatter' }))
    .expect(201);
  return { id: res.body.user.id as number, auth: `Bearer ${res.body.token as string}` };
}

/** The owner signs in with Discord (which verified the address): the browser's walk, then the code exchange. */
async function ownerSignsInWithDiscord(user: Partial<FakeDiscordUser>) {
  const target = app();
  fake.setNextUser(user);
  const start = await request(target).get('/api/auth/discord/login').query({ lng: 'nl' }).expect(302);
  const nonceCookie = String(start.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location') ?? '');
  const done = await request(target)
    .get(callback.pathname + callback.search)
    .set('Cookie', nonceCookie)
    .expect(302);
  const landing = new URL(String(done.headers.location));
  const handover = ((done.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('discord_login_handover='));
  const exchange = await request(target)
    .post('/api/auth/discord/exchange')
    .set('Cookie', handover ?? '')
    .send({ code: landing.searchParams.get('code') ?? '' })
    .expect(200);
  return exchange.body as { token?: string; challenge?: string; user?: { id: number } };
}

const mailsTo = (email: string) => db()('mail_outbox').where({ to_email: email }).orderBy('id');

describe('an unverified account prepares nothing for after the claim', () => {
  it('the squatter asking to move the unverified address elsewhere is refused 403 email_not_verified; nothing is stored or mailed', async () => {
    const victimEmail = uniqueEmail('victime');
    const squatter = await squat(victimEmail);
    const attackerEmail = uniqueEmail('attaquant');

    const res = await request(app())
      .post('/api/account/email')
      .set('Authorization', squatter.auth)
      .send({ newEmail: attackerEmail, currentPassword: SQUATTER_PASSWORD })
      .expect(403);
    expect(res.body).toMatchObject({ error: 'email_not_verified', fields: { newEmail: ['account.erroremailnotverified'] } });
    expect(await db()('email_changes').where({ user_id: squatter.id })).toHaveLength(0);
    expect(await mailsTo(attackerEmail)).toHaveLength(0);
  });

  it('the squatter turning on TOTP on the unverified account is refused 403 email_not_verified, at setup and at confirm', async () => {
    const squatter = await squat(uniqueEmail('victime'));
    const setup = await request(app()).post('/api/account/2fa/setup').set('Authorization', squatter.auth).expect(403);
    expect(setup.body.error).toBe('email_not_verified');
    const confirm = await request(app())
      .post('/api/account/2fa/confirm')
      .set('Authorization', squatter.auth)
      .send({ code: totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') })
      .expect(403);
    expect(confirm.body.error).toBe('email_not_verified');
    expect(await db()('user_second_factors').where({ user_id: squatter.id })).toHaveLength(0);
  });
});

describe('the owner’s Discord claim', () => {
  it('wipes the squatter’s factor, recovery codes, pending e-mail change, login codes, tokens and sessions, and mails the owner', async () => {
    const victimEmail = uniqueEmail('victime');
    const squatter = await squat(victimEmail);
    // What the squatter could have left in place (before this release, or by any other way in).
    await enrolSecondFactor(db(), squatter.id, 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF');
    await db()('user_recovery_codes').insert({ user_id: squatter.id, code_hash: newOneTimeToken().hash });
    const change = newOneTimeToken();
    const attackerEmail = uniqueEmail('attaquant');
    await db()('email_changes').insert({
      user_id: squatter.id,
      new_email: attackerEmail,
      token_hash: change.hash,
      expires_at: new Date(Date.now() + 3_600_000),
    });
    const staleLoginCode = newOneTimeToken().hash;
    await db()('login_codes').insert({
      code_hash: staleLoginCode,
      browser_hash: newOneTimeToken().hash,
      user_id: squatter.id,
      expires_at: new Date(Date.now() + 60_000),
    });
    await issueTestToken(db(), squatter.id, 'reset_password');

    const profile = fakeDiscordUser({ email: victimEmail, verified: true });
    const owner = await ownerSignsInWithDiscord(profile);
    // The squatter's factor no longer stands between the owner and their account.
    expect(owner.challenge).toBeUndefined();
    expect(owner.user).toMatchObject({ id: squatter.id });
    await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${owner.token}`).expect(200);

    expect(await db()('user_second_factors').where({ user_id: squatter.id })).toHaveLength(0);
    expect(await db()('user_recovery_codes').where({ user_id: squatter.id })).toHaveLength(0);
    expect(await db()('email_changes').where({ user_id: squatter.id })).toHaveLength(0);
    expect(await db()('login_codes').where({ code_hash: staleLoginCode })).toHaveLength(0);
    expect(await db()('one_time_tokens').where({ user_id: squatter.id }).whereNull('used_at')).toHaveLength(0);
    await request(app()).get('/api/auth/me').set('Authorization', squatter.auth).expect(401);
    await request(app()).post('/api/auth/login').send({ email: victimEmail, password: SQUATTER_PASSWORD }).expect(401);

    // The change link the squatter kept moves nothing.
    await request(app()).post('/api/account/email/confirm').send({ token: change.value }).expect(400);
    expect((await db()('users').where({ id: squatter.id }).first()).email).toBe(victimEmail);

    const claimed = (await mailsTo(victimEmail)).filter((m: { template: string }) => m.template === 'account_claimed');
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ language: 'nl', subject: 'Uw account is beveiligd bij uw aanmelding met Discord' });
    expect(claimed[0].text_body).toContain(`${TEST_PUBLIC_URL}/nl/settings`);
    const [audit] = await db()('audit_log').where({ action: 'user.discord_claim', entity_id: String(squatter.id) });
    expect(audit.after).toMatchObject({
      passwordRemoved: true,
      sessionsEnded: true,
      // The tokens: the registration's verification link and the reset link.
      wiped: { secondFactor: true, recoveryCodes: 1, pendingEmailChanges: 1, loginCodes: 1, oneTimeTokens: 2 },
    });
  });

  it('the whole takeover chain fails: register the owner’s address, ask to move it, owner claims, open the link, reset the password', async () => {
    const victimEmail = uniqueEmail('victime');
    const squatter = await squat(victimEmail);
    const attackerEmail = uniqueEmail('attaquant');
    await request(app())
      .post('/api/account/email')
      .set('Authorization', squatter.auth)
      .send({ newEmail: attackerEmail, currentPassword: SQUATTER_PASSWORD })
      .expect(403);

    await ownerSignsInWithDiscord(fakeDiscordUser({ email: victimEmail, verified: true }));

    // No link ever reached the attacker, and the account's address stays the owner's.
    expect(await mailsTo(attackerEmail)).toHaveLength(0);
    expect((await db()('users').where({ id: squatter.id }).first()).email).toBe(victimEmail);
    // A reset asked for the attacker's address finds no account to open.
    await request(app()).post('/api/auth/forget-password-via-email').send({ email: attackerEmail }).expect(200);
    expect(await mailsTo(attackerEmail)).toHaveLength(0);
  });
});

describe('e-mail change links asked before the credentials changed hands', () => {
  it('a link asked with a stolen password is dead once the owner resets the password', async () => {
    const owner = await buildAccount(db(), { email_verified_at: new Date() });
    const thiefEmail = uniqueEmail('voleur');
    const login = await request(app()).post('/api/auth/login').send({ email: owner.email, password: owner.password }).expect(200);
    await request(app())
      .post('/api/account/email')
      .set('Authorization', `Bearer ${login.body.token as string}`)
      .send({ newEmail: thiefEmail, currentPassword: owner.password })
      .expect(200);
    const [confirm] = await mailsTo(thiefEmail);
    const token = /confirm-email\?token=([\w-]+)/.exec(confirm.text_body)![1]!;

    // The owner takes the account back with "forgot password".
    const reset = await issueTestToken(db(), owner.id, 'reset_password');
    await request(app()).post('/api/auth/reset-password').send({ token: reset, newPassword: 'Owner-again-2' }).expect(200);

    const res = await request(app()).post('/api/account/email/confirm').send({ token }).expect(400);
    expect(res.body.error).toBe('invalid_token');
    expect((await db()('users').where({ id: owner.id }).first()).email).toBe(owner.email);
  });
});

describe('e-mail change mails to one recipient', () => {
  it('3 links an hour to one outside address, whichever accounts ask; the 4th is 429 with Retry-After and mails nothing', async () => {
    const target = app();
    const outsider = uniqueEmail('cible');
    const [first, second] = await Promise.all([1, 2].map(() => buildAccount(db(), { email_verified_at: new Date() })));
    const ask = (account: { id: number; password: string }, newEmail = outsider.toUpperCase(), currentPassword = account.password) =>
      request(target).post('/api/account/email').set('Authorization', bearer(account.id)).send({ newEmail, currentPassword });

    // A refusal (wrong password) mails nothing and does not count.
    await ask(first!, outsider, 'Wrong-pass-1').expect(403);
    await ask(first!).expect(200);
    await ask(second!).expect(200);
    await ask(first!).expect(200);
    const refused = await ask(second!).expect(429);
    expect(refused.body.error).toBe('too_many_attempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mailsTo(outsider)).filter((m: { template: string }) => m.template === 'email_change_confirm')).toHaveLength(3);

    // Another recipient is not affected.
    await ask(second!, uniqueEmail('autre')).expect(200);
  });
});
