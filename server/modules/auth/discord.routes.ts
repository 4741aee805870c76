import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Clock } from '../../clock/clock';
import { authApi } from '../../../shared/contract/auth';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages';
import { UnauthorizedError } from '../../http/errors';
import { bearerToken, currentUser } from '../../http/require-user';
import { route, SENT } from '../../http/route';
import { signDiscordState, verifyDiscordState, DISCORD_STATE_MAX_AGE_SECONDS } from '../../security/jwt';
import { DiscordDisabledError } from './auth.errors';
import { requestContext } from './auth.routes';
import { createDiscordAuthenticator, DISCORD_COOKIE_PATH, DISCORD_HANDOVER_COOKIE, DISCORD_NONCE_COOKIE, readCookie } from './discord';
import type { DiscordAccounts } from './discord.service';
import { LOGIN_CODE_TTL_MS, type LoginCodes } from './login-codes.service';
import { presentUser } from './user.presenter';

export interface DiscordRoutesDeps {
  discord?: { clientId: string; clientSecret: string; apiBase?: string };
  accounts: DiscordAccounts;
  loginCodes: LoginCodes;
  publicUrl: string;
  jwtSecret: string;
  requireUser: RequestHandler;
  clock: Clock;
}

const languageOf = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/**
 * Runs one of passport's middlewares inside a route() handler: settles once it has answered (a
 * redirect), or with the error it hands on, so a failure still reaches the app's error handler.
 */
function answeredBy(middleware: RequestHandler, req: Request, res: Response): Promise<typeof SENT> {
  return new Promise((resolve, reject) => {
    res.once('finish', () => resolve(SENT));
    res.once('close', () => resolve(SENT)); // the browser went away first
    void middleware(req, res, (err?: unknown) => reject(err ?? new Error('passport passed on without answering')));
  });
}

/**
 * /api/auth/discord/*: login start, Discord's callback (which hands the browser a one-minute code,
 * never a token), the code's exchange for the session, and the session behind the success page.
 */
export function discordRoutes({ discord, accounts, loginCodes, publicUrl, jwtSecret, requireUser, clock }: DiscordRoutesDeps): Router {
  const router = Router();
  const secureCookie = publicUrl.startsWith('https://');
  // The nonce is Lax: it must come back on Discord's redirect, a navigation from another site. The
  // hand-over secret is Strict: only the shop's own page ever sends it (the exchange's POST).
  const setCookie = (res: Response, name: string, value: string, maxAge: number, sameSite: 'Lax' | 'Strict') => {
    res.append(
      'Set-Cookie',
      `${name}=${value}; Path=${DISCORD_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=${sameSite}` + (secureCookie ? '; Secure' : ''),
    );
  };
  const setNonceCookie = (res: Response, value: string, maxAge: number) => setCookie(res, DISCORD_NONCE_COOKIE, value, maxAge, 'Lax');
  const setHandoverCookie = (res: Response, value: string, maxAge: number) =>
    setCookie(res, DISCORD_HANDOVER_COOKIE, value, maxAge, 'Strict');

  // The token the call came with, never a fresh one: asking again does not extend a session.
  route(router, authApi.discordMe, requireUser, ({ req }) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw UnauthorizedError();
    return { user: presentUser(currentUser(req)), token };
  });

  if (!discord) {
    const disabled = () => {
      throw DiscordDisabledError();
    };
    route(router, authApi.discordLogin, disabled);
    route(router, authApi.discordCallback, disabled);
    route(router, authApi.discordExchange, disabled);
    return router;
  }

  const authenticator = createDiscordAuthenticator(
    { ...discord, callbackUrl: `${publicUrl}/api/auth/discord/callback`, jwtSecret, clock },
    (profile, state, req) => accounts.signIn(profile, languageOf(state.lng), requestContext(req)),
  );

  route(router, authApi.discordLogin, ({ req, res, query }) => {
    const { state, nonce } = signDiscordState(query.lng ?? DEFAULT_LANGUAGE, jwtSecret, clock.now());
    setNonceCookie(res, nonce, DISCORD_STATE_MAX_AGE_SECONDS);
    return answeredBy(authenticator.authenticate('discord', { session: false, state }) as RequestHandler, req, res);
  });

  route(router, authApi.discordCallback, ({ req, res }) => {
    const lng = languageOf(verifyDiscordState(req.query.state, jwtSecret, clock.now())?.lng);
    setNonceCookie(res, '', 0);
    const failed = (err: unknown) => {
      req.log.warn({ reason: err instanceof Error ? err.message : 'refused' }, 'discord login failed');
      res.redirect(302, `${publicUrl}/${lng}/login?error=discord`);
    };
    const finish = authenticator.authenticate('discord', { session: false }, (err: unknown, user: Express.User | false) => {
      if (err || !user) return failed(err);
      loginCodes.issue(user.id).then(({ code, browserSecret }) => {
        setHandoverCookie(res, browserSecret, LOGIN_CODE_TTL_MS / 1000);
        res.redirect(302, `${publicUrl}/${lng}/discord-success?code=${code}`);
      }, failed);
    }) as RequestHandler;
    return answeredBy(finish, req, res);
  });

  route(router, authApi.discordExchange, async ({ req, res, body }) => {
    const browserSecret = readCookie(req, DISCORD_HANDOVER_COOKIE);
    const answer = await loginCodes.exchange(body.code, browserSecret, requestContext(req));
    setHandoverCookie(res, '', 0);
    if ('challenge' in answer) return answer; // the code step first, as after a password
    return { user: presentUser(answer.user), token: answer.token };
  });

  return router;
}
