import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/app';
import { createMovableClock, type Clock } from '../../server/clock/clock';
import { buildAccount, testSessionId } from '../support/accounts';
import jwt from 'jsonwebtoken';
import { createTestApp, TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { fakeDiscordUser, startDiscordFake, type DiscordFake, type FakeDiscordUser } from '../fakes/discord';

const CLIENT = { clientId: '1180000000000000001', clientSecret: 'discord-test-secret' };

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

const discordConfig = (overrides: Partial<NonNullable<AppConfig['discord']>> = {}) => ({
  discord: { ...CLIENT, apiBase: fake.baseUrl, ...overrides },
});
const app = (config: Partial<AppConfig> = discordConfig(), clock?: Clock) =>
  responses.record(createTestApp(database.db, { config, ...(clock && { clock }) }));

const HANDOVER_COOKIE = 'discord_login_handover';

/** The `name=value` of a cookie an answer sets, or ''. */
const cookieSet = (res: { headers: Record<string, unknown> }, name: string) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith(`${name}=`)) ?? '';

interface Landing {
  /** Where the callback sent the browser. */
  location: URL;
  /** The hand-over cookie the callback gave the browser (`name=value`), or ''. */
  handover: string;
  /** The callback's whole Set-Cookie header. */
  setCookie: string[];
}

/**
 * The browser's walk: /login -> 302 to Discord's authorize -> 302 back to our callback (with the
 * nonce cookie the login set) -> 302 to the client page. Returns the last Location and the cookie
 * the callback set with it.
 */
async function discordLogin(
  target = app(),
  { lng = 'fr', user, cookie }: { lng?: string; user?: Partial<FakeDiscordUser> | null; cookie?: string } = {},
): Promise<Landing> {
  if (user !== undefined) fake.setNextUser(user);
  const start = await request(target).get('/api/auth/discord/login').query({ lng }).expect(302);
  const nonceCookie = String(start.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location') ?? '');
  expect(`${callback.origin}${callback.pathname}`).toBe(`${TEST_PUBLIC_URL}/api/auth/discord/callback`);
  const done = await request(target)
    .get(callback.pathname + callback.search)
    .set('Cookie', cookie ?? nonceCookie)
    .expect(302);
  return {
    location: new URL(String(done.headers.location)),
    handover: cookieSet(done, HANDOVER_COOKIE),
    setCookie: (done.headers['set-cookie'] as unknown as string[] | undefined) ?? [],
  };
}

/** The success page's POST: the code of its URL, with whatever cookie the browser holds. */
const exchange = (target: ReturnType<typeof app>, code: string, cookie: string) =>
  request(target).post('/api/auth/discord/exchange').set('Cookie', cookie).send({ code });

const codeOf = (landing: Landing) => landing.location.searchParams.get('code') ?? '';

/** What the success page does with the landing: spends the code for the session, which then works. */
async function sessionFrom(landing: Landing, target = app()) {
  expect(landing.location.pathname).toMatch(/^\/(fr|nl|en|pl)\/discord-success$/);
  const res = await exchange(target, codeOf(landing), landing.handover).expect(200);
  await request(target).get('/api/auth/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
  return res.body.user as { id: number; email: string; emailVerified: boolean; [key: string]: unknown };
}

describe('GET /api/auth/providers and a shop without Discord keys', () => {
  it('says whether Discord is configured', async () => {
    expect((await request(app({})).get('/api/auth/providers').expect(200)).body).toEqual({ discord: false });
    expect((await request(app()).get('/api/auth/providers').expect(200)).body).toEqual({ discord: true });
  });

  it('404 discord_disabled for login, callback and the code exchange when not configured', async () => {
    for (const path of ['/api/auth/discord/login?lng=fr', '/api/auth/discord/callback?code=x&state=y']) {
      const res = await request(app({})).get(path).expect(404);
      expect(res.body).toMatchObject({ error: 'discord_disabled' });
    }
    const res = await exchange(app({}), 'any-code', `${HANDOVER_COOKIE}=any`).expect(404);
    expect(res.body).toMatchObject({ error: 'discord_disabled' });
  });
});

describe('GET /api/auth/discord/login', () => {
  it('302 to Discord’s authorize URL with the client, callback, scope and a signed state; sets the nonce cookie', async () => {
    const res = await request(app()).get('/api/auth/discord/login?lng=nl').expect(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.baseUrl}/oauth2/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      redirect_uri: `${TEST_PUBLIC_URL}/api/auth/discord/callback`,
      response_type: 'code',
      scope: 'identify email',
      state: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    const cookie = String(res.headers['set-cookie']?.[0]);
    expect(cookie).toMatch(/^discord_oauth_nonce=[\w-]+; Path=\/api\/auth\/discord; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  it('uses Discord itself when no API base is set', async () => {
    const res = await request(app(discordConfig({ apiBase: undefined })))
      .get('/api/auth/discord/login')
      .expect(302);
    expect(String(res.headers.location)).toMatch(/^https:\/\/discord\.com\/api\/oauth2\/authorize\?/);
  });
});

describe('the Discord callback', () => {
  it('creates a customer (no password, verified as Discord says, avatar, language of the login)', async () => {
    const profile = fakeDiscordUser({ global_name: 'Léa Gamer', avatar: 'a_0123456789abcdef', verified: true });
    const landing = await discordLogin(app(), { lng: 'nl', user: profile });
    expect(landing.location.origin).toBe(TEST_PUBLIC_URL);
    const user = await sessionFrom(landing);
    expect(user).toMatchObject({
      email: profile.email,
      fullName: 'Léa Gamer',
      role: 'customer',
      emailVerified: true,
      language: 'nl',
      avatarUrl: `https://cdn.discordapp.com/avatars/${profile.id}/a_0123456789abcdef.gif`,
    });
    const row = await database.db('users').where({ id: user.id }).first();
    expect(row).toMatchObject({ discord_id: profile.id, password_hash: null });
    const audit = await database.db('audit_log').where({ action: 'user.discord_create', actor_id: user.id });
    expect(audit).toHaveLength(1);

    // The second login finds the same account by its Discord id, even with another e-mail.
    const again = await sessionFrom(await discordLogin(app(), { user: { ...profile, email: 'changed@example.test' } }));
    expect(again.id).toBe(user.id);
    expect(await database.db('users').where({ discord_id: profile.id })).toHaveLength(1);
  });

  it('creates an unverified account when Discord has not verified the e-mail', async () => {
    const profile = fakeDiscordUser({ verified: false, avatar: null, global_name: null, username: 'pseudo' });
    const user = await sessionFrom(await discordLogin(app(), { user: profile }));
    expect(user).toMatchObject({ emailVerified: false, avatarUrl: null, fullName: 'pseudo', language: 'fr' });
  });

  it('links an existing account by its (verified) e-mail, which keeps its password', async () => {
    const account = await buildAccount(database.db, {
      email: 'camille@example.test',
      password: 'Mon-mdp-1',
      email_verified_at: new Date(),
    });
    const profile = fakeDiscordUser({ email: 'Camille@Example.test', verified: true });
    const user = await sessionFrom(await discordLogin(app(), { lng: 'en', user: profile }));
    expect(user).toMatchObject({ id: account.id, emailVerified: true, language: 'fr' });
    const row = await database.db('users').where({ id: account.id }).first();
    expect(row.discord_id).toBe(profile.id);
    expect(await database.db('audit_log').where({ action: 'user.discord_link', actor_id: account.id })).toHaveLength(1);
    await request(app()).post('/api/auth/login').send({ email: account.email, password: 'Mon-mdp-1' }).expect(200);
  });

  it('an account registered on the owner’s e-mail and never verified is claimed by the Discord owner: the squatter’s password and sessions no longer work', async () => {
    // The attack: someone registers the victim's address with their own password and keeps a session.
    const victimEmail = `victime-${Date.now()}@example.test`;
    const registered = await request(app())
      .post('/api/auth/register')
      .send({
        email: victimEmail,
        password: 'Squat-pass-1',
        fullName: 'Squatter',
        address: 'Rue 1',
        phone: '+32470123456',
        userType: 'particulier',
        country: 'BE',
        currency: 'EUR',
      })
      .expect(201);
    const squatterId = registered.body.user.id as number;
    // The session the registration gave them, still open when the owner comes.
    const earlierSession = registered.body.token as string;
    await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${earlierSession}`).expect(200);

    // The owner logs in with Discord, which has verified that address.
    const profile = fakeDiscordUser({ email: victimEmail, verified: true });
    const owner = await sessionFrom(await discordLogin(app(), { user: profile }));
    expect(owner).toMatchObject({ id: squatterId, emailVerified: true });

    const row = await database.db('users').where({ id: squatterId }).first();
    expect(row).toMatchObject({ discord_id: profile.id, password_hash: null });
    expect(
      (await request(app()).post('/api/auth/login').send({ email: victimEmail, password: 'Squat-pass-1' }).expect(401)).body.error,
    ).toBe('invalid_credentials');
    await request(app()).get('/api/auth/me').set('Authorization', `Bearer ${earlierSession}`).expect(401);
    const [audit] = await database.db('audit_log').where({ action: 'user.discord_claim', entity_id: String(squatterId) });
    expect(audit.after).toMatchObject({ discordId: profile.id, passwordRemoved: true, sessionsEnded: true });
    expect(await database.db('audit_log').where({ action: 'user.discord_link', entity_id: String(squatterId) })).toHaveLength(0);
  });

  it('refuses to link an existing account to a Discord e-mail Discord has not verified', async () => {
    const account = await buildAccount(database.db);
    const profile = fakeDiscordUser({ email: account.email, verified: false });
    const { location } = await discordLogin(app(), { lng: 'pl', user: profile });
    expect(location.toString()).toBe(`${TEST_PUBLIC_URL}/pl/login?error=discord`);
    expect((await database.db('users').where({ id: account.id }).first()).discord_id).toBeNull();
    expect(await database.db('users').where({ discord_id: profile.id })).toHaveLength(0);
  });

  it('sends a refused consent back to the login page in the login’s language', async () => {
    const { location } = await discordLogin(app(), { lng: 'en', user: null });
    expect(location.toString()).toBe(`${TEST_PUBLIC_URL}/en/login?error=discord`);
  });

  it('refuses a tampered state, a state without this browser’s cookie, and a missing state', async () => {
    const target = app();
    const start = await request(target).get('/api/auth/discord/login?lng=nl').expect(302);
    const cookie = String(start.headers['set-cookie']?.[0]).split(';')[0] ?? '';
    const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const code = callback.searchParams.get('code') ?? '';
    const state = callback.searchParams.get('state') ?? '';
    const tampered = `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`;

    const attempts: [string, string][] = [
      [`code=${code}&state=${tampered}`, cookie],
      [`code=${code}&state=${state}`, ''],
      [`code=${code}&state=${state}`, 'discord_oauth_nonce=someone-elses-nonce'],
      [`code=${code}`, cookie],
    ];
    const tokenCalls = () => fake.requests.filter((r) => r.path === '/oauth2/token').length;
    const before = tokenCalls();
    for (const [query, sentCookie] of attempts) {
      const res = await request(target).get(`/api/auth/discord/callback?${query}`).set('Cookie', sentCookie).expect(302);
      expect(String(res.headers.location)).toMatch(/^http:\/\/shop\.test\/(fr|nl)\/login\?error=discord$/);
    }
    expect(tokenCalls()).toBe(before); // refused before the code was ever exchanged
    // The untouched code and state still work together in the browser that started the login.
    const ok = await request(target)
      .get(callback.pathname + callback.search)
      .set('Cookie', cookie)
      .expect(302);
    expect(String(ok.headers.location)).toMatch(/^http:\/\/shop\.test\/nl\/discord-success\?code=[\w-]{43}$/);
  });

  it('sends a failed token exchange (wrong client secret) back to login', async () => {
    const { location, handover } = await discordLogin(app(discordConfig({ clientSecret: 'not-the-secret' })), { lng: 'nl' });
    expect(location.toString()).toBe(`${TEST_PUBLIC_URL}/nl/login?error=discord`);
    expect(handover).toBe('');
  });

  it('clears the nonce cookie on the callback', async () => {
    const target = app();
    const start = await request(target).get('/api/auth/discord/login').expect(302);
    const cookie = String(start.headers['set-cookie']?.[0]).split(';')[0] ?? '';
    const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const res = await request(target)
      .get(callback.pathname + callback.search)
      .set('Cookie', cookie)
      .expect(302);
    expect(String(res.headers['set-cookie']?.[0])).toMatch(/^discord_oauth_nonce=; Path=\/api\/auth\/discord; Max-Age=0/);
  });
});

describe('the Discord fake', () => {
  it('401 on the token endpoint for a wrong secret or an unknown code; 401 on /users/@me without a token', async () => {
    const exchange = (form: Record<string, string>) =>
      fetch(`${fake.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: 'http://x/cb', ...form }),
      });
    expect((await exchange({ ...{ client_id: CLIENT.clientId, client_secret: 'bad' }, code: 'c' })).status).toBe(401);
    expect((await exchange({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code: 'unknown' })).status).toBe(401);
    expect((await fetch(`${fake.baseUrl}/users/@me`)).status).toBe(401);
  });
});

describe('GET /api/auth/discord/me', () => {
  it('401 without a token', async () => {
    await request(app()).get('/api/auth/discord/me').expect(401);
  });

  it('gives the same token back, never a fresh one: asking again does not push the session’s expiry', async () => {
    // A session opened 11 hours ago: one hour left.
    const account = await buildAccount(database.db);
    const issuedAt = Math.floor(Date.now() / 1000) - 11 * 3600;
    const token = jwt.sign({ iat: issuedAt }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
      subject: String(account.id),
      jwtid: testSessionId(account.id, 'login'),
      expiresIn: 12 * 3600,
    });
    let current = token;
    for (let call = 0; call < 3; call++) {
      const res = await request(app()).get('/api/auth/discord/me').set('Authorization', `Bearer ${current}`).expect(200);
      expect(res.body.user).toMatchObject({ id: account.id });
      current = res.body.token as string;
    }
    expect(current).toBe(token);
    expect((jwt.decode(current) as jwt.JwtPayload).exp).toBe(issuedAt + 12 * 3600);
  });
});

describe('the hand-over code of the callback (no session token in any URL)', () => {
  it('the callback puts a code in the URL, never a token, and its browser secret in an HttpOnly, Strict cookie', async () => {
    const landing = await discordLogin(app(), { lng: 'en' });
    expect([...landing.location.searchParams.keys()]).toEqual(['code']);
    expect(codeOf(landing)).toMatch(/^[\w-]{43}$/);
    expect(codeOf(landing)).not.toContain('.'); // not a JWT
    const handover = landing.setCookie.find((c) => c.startsWith(`${HANDOVER_COOKIE}=`));
    expect(handover).toMatch(/^discord_login_handover=[\w-]{43}; Path=\/api\/auth\/discord; Max-Age=60; HttpOnly; SameSite=Strict$/);
    // Only hashes are kept.
    const [row] = await database.db('login_codes').orderBy('created_at', 'desc').limit(1);
    expect(JSON.stringify(row)).not.toContain(codeOf(landing));
    expect(JSON.stringify(row)).not.toContain(landing.handover.split('=')[1]);
  });

  it('the exchange answers the session in its body and clears the cookie', async () => {
    const profile = fakeDiscordUser();
    const target = app();
    const landing = await discordLogin(target, { user: profile });
    const res = await exchange(target, codeOf(landing), landing.handover).expect(200);
    expect(res.body.user).toMatchObject({ email: profile.email });
    expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookieSet(res, HANDOVER_COOKIE)).toBe(`${HANDOVER_COOKIE}=`);
    const me = await request(target).get('/api/auth/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body.user.id).toBe(res.body.user.id);
  });

  it('another browser cannot spend the code, with another cookie or none; its attempts spend nothing', async () => {
    const target = app();
    const victim = await discordLogin(target);
    const attacker = await discordLogin(target); // a hand-over cookie of their own, for another code
    for (const cookie of ['', attacker.handover, `${HANDOVER_COOKIE}=`, `${HANDOVER_COOKIE}=${'A'.repeat(43)}`]) {
      const res = await exchange(target, codeOf(victim), cookie).expect(400);
      expect(res.body.error).toBe('invalid_login_code');
      expect(res.body.token).toBeUndefined();
    }
    await exchange(target, codeOf(victim), victim.handover).expect(200);
  });

  it('a code is spent once: the second exchange, even from the same browser, is 400', async () => {
    const target = app();
    const landing = await discordLogin(target);
    await exchange(target, codeOf(landing), landing.handover).expect(200);
    const again = await exchange(target, codeOf(landing), landing.handover).expect(400);
    expect(again.body).toMatchObject({ error: 'invalid_login_code' });
  });

  it('two exchanges racing: exactly one gets a session', async () => {
    const target = app();
    const landing = await discordLogin(target);
    const answers = await Promise.all([1, 2, 3].map(() => exchange(target, codeOf(landing), landing.handover)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400, 400]);
  });

  it('a code is valid one minute (the injected clock)', async () => {
    const clock = createMovableClock();
    const target = app(discordConfig(), clock);
    const late = await discordLogin(target);
    const inTime = await discordLogin(target);
    clock.set(new Date(clock.now().getTime() + 59_000));
    await exchange(target, codeOf(inTime), inTime.handover).expect(200);
    clock.set(new Date(clock.now().getTime() + 1_000));
    expect((await exchange(target, codeOf(late), late.handover).expect(400)).body.error).toBe('invalid_login_code');
  });

  it('an unknown code, an empty one and a NUL byte are 400', async () => {
    const target = app();
    const landing = await discordLogin(target);
    await exchange(target, 'not-a-code', landing.handover).expect(400);
    await exchange(target, '', landing.handover).expect(400);
    await exchange(target, 'a\u0000b', landing.handover).expect(400);
    await exchange(target, codeOf(landing), landing.handover).expect(200);
  });
});
