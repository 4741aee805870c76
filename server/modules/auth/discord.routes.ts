import { Router, type RequestHandler, type Response } from 'express';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages';
import { currentUser } from '../../http/require-user';
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

  router.get('/auth/discord/me', requireUser, (req, res) => {
    const user = currentUser(req);
    res.json({ user: presentUser(user), token: signSessionToken(user.id, jwtSecret) });
  });

  if (!discord) {
    router.get(['/auth/discord/login', '/auth/discord/callback'], () => {
      throw DiscordDisabledError();
    });
    return router;
  }

  const authenticator = createDiscordAuthenticator(
    { ...discord, callbackUrl: `${publicUrl}/api/auth/discord/callback`, jwtSecret },
    (profile, state, req) => accounts.signIn(profile, languageOf(state.lng), requestContext(req)),
  );

  router.get('/auth/discord/login', (req, res, next) => {
    const { state, nonce } = signDiscordState(languageOf(req.query.lng), jwtSecret);
    setNonceCookie(res, nonce, DISCORD_STATE_MAX_AGE_SECONDS);
    authenticator.authenticate('discord', { session: false, state })(req, res, next);
  });

  router.get('/auth/discord/callback', (req, res, next) => {
    const lng = languageOf(verifyDiscordState(req.query.state, jwtSecret)?.lng);
    setNonceCookie(res, '', 0);
    authenticator.authenticate('discord', { session: false }, (err: unknown, user: Express.User | false) => {
      if (err || !user) {
        req.log.warn({ reason: err instanceof Error ? err.message : 'refused' }, 'discord login failed');
        res.redirect(302, `${publicUrl}/${lng}/login?error=discord`);
        return;
      }
      const token = signSessionToken(user.id, jwtSecret);
      res.redirect(302, `${publicUrl}/${lng}/discord-success?token=${token}`);
    })(req, res, next);
  });

  return router;
}
