// A local server speaking Discord's OAuth2 wire format, for DISCORD_API_BASE. No test-runner
// imports: the API suite and the browser suite both start it.
//   GET  /oauth2/authorize  -> 302 straight back to redirect_uri?code=…&state=… (no consent screen)
//   POST /oauth2/token      -> {access_token, token_type, expires_in, refresh_token, scope}
//   GET  /users/@me         -> the profile of the login (Authorization: Bearer <access_token>)
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  email: string | null;
  verified: boolean;
}

export interface DiscordFake {
  /** e.g. http://127.0.0.1:40123 — give it as DISCORD_API_BASE. */
  baseUrl: string;
  /** The profile the next login gets (missing fields filled in); `null`: the user refuses access. */
  setNextUser(user: Partial<FakeDiscordUser> | null): void;
  /** Every request the fake received, method and path (no query), in order. */
  readonly requests: { method: string; path: string }[];
  close(): Promise<void>;
}

interface Grant {
  user: FakeDiscordUser;
  redirectUri: string;
}

const SCOPE = 'identify email';

export function fakeDiscordUser(overrides: Partial<FakeDiscordUser> = {}): FakeDiscordUser {
  const id = overrides.id ?? String(100_000_000_000_000_000n + BigInt(randomBytes(6).readUIntBE(0, 6)));
  return {
    id,
    username: `joueur_${id.slice(-5)}`,
    global_name: 'Joueur Discord',
    avatar: randomBytes(16).toString('hex'),
    email: `discord-${id.slice(-8)}@example.test`,
    verified: true,
    ...overrides,
  };
}

export async function startDiscordFake(options: { clientId: string; clientSecret: string; port?: number }) {
  let nextUser: Partial<FakeDiscordUser> | null = {};
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, FakeDiscordUser>();
  const requests: { method: string; path: string }[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== options.clientId) return json(res, 400, { error: 'invalid_client' });
    if (q.get('response_type') !== 'code' || !redirectUri) return json(res, 400, { error: 'invalid_request' });
    if (!(q.get('scope') ?? '').split(' ').includes('identify')) return json(res, 400, { error: 'invalid_scope' });
    const back = new URL(redirectUri);
    if (nextUser === null) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
    } else {
      const code = randomBytes(15).toString('base64url');
      codes.set(code, { user: fakeDiscordUser(nextUser), redirectUri });
      back.searchParams.set('code', code);
    }
    nextUser = {};
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { Location: back.toString() }).end();
  }

  function token(req: IncomingMessage, body: string, res: ServerResponse) {
    const form = new URLSearchParams(body);
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (basic?.[1]) [clientId = null, clientSecret = null] = Buffer.from(basic[1], 'base64').toString().split(':');
    if (clientId !== options.clientId || clientSecret !== options.clientSecret) {
      return json(res, 401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    if (!grant) return json(res, 401, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    codes.delete(code); // single use, as at Discord
    if (form.get('redirect_uri') !== grant.redirectUri) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid "redirect_uri" in request.' });
    }
    const accessToken = randomBytes(20).toString('base64url');
    accessTokens.set(accessToken, grant.user);
    json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: randomBytes(20).toString('base64url'),
      scope: SCOPE,
    });
  }

  function me(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const user = bearer?.[1] ? accessTokens.get(bearer[1]) : undefined;
    if (!user) return json(res, 401, { message: '401: Unauthorized', code: 0 });
    json(res, 200, { ...user, discriminator: '0', locale: 'fr', mfa_enabled: false });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.discord');
    requests.push({ method: req.method ?? 'GET', path: url.pathname });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const route = `${req.method} ${url.pathname.replace(/^\/api(\/v\d+)?/, '')}`;
      if (route === 'GET /oauth2/authorize') return authorize(url, res);
      if (route === 'POST /oauth2/token') return token(req, Buffer.concat(chunks).toString(), res);
      if (route === 'GET /users/@me') return me(req, res);
      json(res, 404, { message: '404: Not Found', code: 0 });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: DiscordFake = {
    baseUrl: `http://127.0.0.1:${port}`,
    setNextUser(user) {
      nextUser = user;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
