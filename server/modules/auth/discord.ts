import type { Request } from 'express';
import passport from 'passport';
import type { StateStore, StateStoreStoreCallback, StateStoreVerifyCallback } from 'passport-oauth2';
import { Strategy as DiscordStrategy } from 'passport-discord';
import { z } from 'zod';
import { verifyDiscordState, type DiscordState } from '../../security/jwt';
import type { Clock } from '../../clock/clock';

// Discord login through passport-discord, stateless (`session: false`): the OAuth `state` is a
// short-lived signed token carrying the language and a nonce that must match a cookie set on the
// same browser when the login started (so nobody can finish a login in someone else's browser).

export const DISCORD_NONCE_COOKIE = 'discord_oauth_nonce';
/** The browser secret the callback hands over with the login code (see login-codes.service.ts). */
export const DISCORD_HANDOVER_COOKIE = 'discord_login_handover';
export const DISCORD_COOKIE_PATH = '/api/auth/discord';
const DISCORD_API = 'https://discord.com/api';

export interface DiscordOptions {
  clientId: string;
  clientSecret: string;
  /** DISCORD_API_BASE: another host speaking Discord's wire format (tests, staging). */
  apiBase?: string;
  callbackUrl: string;
  jwtSecret: string;
  /** The OAuth state's ten minutes read it. */
  clock: Clock;
}

const profileSchema = z.object({
  id: z.string().regex(/^\d{1,25}$/),
  username: z.string().min(1),
  global_name: z.string().nullish(),
  avatar: z
    .string()
    .regex(/^(a_)?[0-9a-f]{1,64}$/)
    .nullish(),
  email: z.string().nullish(),
  verified: z.boolean().nullish(),
});

export interface DiscordProfile {
  id: string;
  displayName: string;
  email: string | null;
  emailVerified: boolean;
  avatarUrl: string | null;
}

export function parseDiscordProfile(raw: unknown): DiscordProfile {
  const p = profileSchema.parse(raw);
  const avatarUrl = p.avatar ? `https://cdn.discordapp.com/avatars/${p.id}/${p.avatar}.${p.avatar.startsWith('a_') ? 'gif' : 'png'}` : null;
  return {
    id: p.id,
    displayName: (p.global_name || p.username).slice(0, 120),
    email: p.email ? p.email.trim().toLowerCase() : null,
    emailVerified: p.verified === true,
    avatarUrl,
  };
}

/** passport-discord reads the profile from discord.com only; this one follows DISCORD_API_BASE. */
class ConfigurableDiscordStrategy extends DiscordStrategy {
  profileUrl = `${DISCORD_API}/users/@me`;

  override userProfile(accessToken: string, done: (err?: unknown, profile?: unknown) => void): void {
    this._oauth2.get(this.profileUrl, accessToken, (err, body) => {
      if (err) return done(new Error('Failed to fetch the Discord profile'));
      try {
        done(null, JSON.parse(String(body)) as unknown);
      } catch {
        done(new Error('Failed to parse the Discord profile'));
      }
    });
  }
}

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The OAuth state is checked here: signature, expiry, and the nonce against this browser's cookie. */
function stateStore(jwtSecret: string, clock: Clock): StateStore {
  const lastCallback = <T>(args: unknown[]) => args[args.length - 1] as T;
  return {
    // Never called: the login route signs the state itself and hands it to passport as a string.
    store(_req: Request, ...args: unknown[]) {
      lastCallback<StateStoreStoreCallback>(args)(new Error('the login route signs the state'), undefined);
    },
    verify(req: Request, provided: string, ...args: unknown[]) {
      const done = lastCallback<StateStoreVerifyCallback>(args);
      const state = verifyDiscordState(provided, jwtSecret, clock.now());
      const nonce = readCookie(req, DISCORD_NONCE_COOKIE);
      if (!state || !nonce || nonce !== state.nonce) return done(null, false, { message: 'invalid state' });
      done(null, true, state);
    },
  };
}

export type DiscordSignIn = (profile: DiscordProfile, state: DiscordState, req: Request) => Promise<Express.User>;

/** A passport instance of its own (not the global one), so each app has its own configuration. */
export function createDiscordAuthenticator(options: DiscordOptions, signIn: DiscordSignIn): passport.PassportStatic {
  const authenticator = new passport.Passport() as passport.PassportStatic;
  const base = options.apiBase?.replace(/\/$/, '');
  const strategy = new ConfigurableDiscordStrategy(
    {
      clientID: options.clientId,
      clientSecret: options.clientSecret,
      callbackURL: options.callbackUrl,
      scope: ['identify', 'email'],
      ...(base && { authorizationURL: `${base}/oauth2/authorize`, tokenURL: `${base}/oauth2/token` }),
      store: stateStore(options.jwtSecret, options.clock),
      passReqToCallback: true,
    },
    (req, _accessToken, _refreshToken, rawProfile, done) => {
      const state = verifyDiscordState(req.query.state, options.jwtSecret, options.clock.now());
      if (!state) return done(new Error('invalid state'));
      let profile: DiscordProfile;
      try {
        profile = parseDiscordProfile(rawProfile);
      } catch {
        return done(new Error('unexpected Discord profile'));
      }
      signIn(profile, state, req).then(
        (user) => done(null, user),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    },
  );
  if (base) strategy.profileUrl = `${base}/users/@me`;
  authenticator.use('discord', strategy);
  return authenticator;
}
