import { Router, type Request, type RequestHandler, type Response } from 'express';
import { authApi } from '../../../shared/contract/auth';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages';
import { currentUser } from '../../http/require-user';
import { route, SENT } from '../../http/route';
import { signDiscordState, signSessionToken, verifyDiscordState, DISCORD_STATE_MAX_AGE_SECONDS } from '../../security/jwt';
import { DiscordDisabledError } from './auth.errors';
import { requestContext } from './auth.routes';
import { createDiscordAuthenticator, DISCORD_COOKIE_PATH, DISCORD_NONCE_COOKIE } from './discord';
import type { DiscordAccounts } from './discord.service';
import { presentUser } from './user.presenter';

export interface DiscordRoutesDeps {
  discord?: { clientId: string; clientSecret: string; apiBase?: string };
  accounts: DiscordAccounts;
  publicUrl: string;
  jwtSecret: string;
  requireUser: RequestHandler;
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

/** /api/auth/discord/*: login start, Discord's callback, and the session behind the success page. */
export function discordRoutes({ discord, accounts, publicUrl, jwtSecret, requireUser }: DiscordRoutesDeps): Router {
  const router = Router();
  const secureCookie = publicUrl.startsWith('https://');
  const setNonceCookie = (res: Response, value: string, maxAge: number) => {
    res.append(
      'Set-Cookie',
      `${DISCORD_NONCE_COOKIE}=${value}; Path=${DISCORD_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax` +
        (secureCookie ? '; Secure' : ''),
    );
  };

  route(router, authApi.discordMe, requireUser, ({ req }) => {
    const user = currentUser(req);
    return { user: presentUser(user), token: signSessionToken(user.id, jwtSecret) };
  });

  if (!discord) {
    const disabled = () => {
      throw DiscordDisabledError();
    };
    route(router, authApi.discordLogin, disabled);
    route(router, authApi.discordCallback, disabled);
    return router;
  }

  const authenticator = createDiscordAuthenticator(
    { ...discord, callbackUrl: `${publicUrl}/api/auth/discord/callback`, jwtSecret },
    (profile, state, req) => accounts.signIn(profile, languageOf(state.lng), requestContext(req)),
  );

  route(router, authApi.discordLogin, ({ req, res, query }) => {
    const { state, nonce } = signDiscordState(query.lng ?? DEFAULT_LANGUAGE, jwtSecret);
    setNonceCookie(res, nonce, DISCORD_STATE_MAX_AGE_SECONDS);
    return answeredBy(authenticator.authenticate('discord', { session: false, state }) as RequestHandler, req, res);
  });

  route(router, authApi.discordCallback, ({ req, res }) => {
    const lng = languageOf(verifyDiscordState(req.query.state, jwtSecret)?.lng);
    setNonceCookie(res, '', 0);
    const finish = authenticator.authenticate('discord', { session: false }, (err: unknown, user: Express.User | false) => {
      if (err || !user) {
        req.log.warn({ reason: err instanceof Error ? err.message : 'refused' }, 'discord login failed');
        res.redirect(302, `${publicUrl}/${lng}/login?error=discord`);
        return;
      }
      const token = signSessionToken(user.id, jwtSecret);
      res.redirect(302, `${publicUrl}/${lng}/discord-success?token=${token}`);
    }) as RequestHandler;
    return answeredBy(finish, req, res);
  });

  return router;
}
