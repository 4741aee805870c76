import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { AuthRateLimits } from '../../http/rate-limits';
import type { Mailer } from '../mail/mail.service';
import { authRoutes } from './auth.routes';
import { createAuthService, type SecondFactorGate } from './auth.service';
import { discordRoutes, type DiscordRoutesDeps } from './discord.routes';
import { createDiscordAccounts } from './discord.service';
import { createLoginCodes } from './login-codes.service';
import { createLoginDevices } from './login-device';
import { createPasswordResetService } from './password-reset.service';
import { sessionsRoutes } from './sessions.routes';
import type { Sessions } from './sessions.service';

export interface AuthModuleDeps {
  db: Knex;
  mailer: Mailer;
  sessions: Sessions;
  clock: Clock;
  /** The login's second step when the account has it on (the two-factor module's challenges). */
  secondFactor: SecondFactorGate;
  limits: AuthRateLimits;
  discord: DiscordRoutesDeps['discord'];
  publicUrl: string;
  jwtSecret: string;
  requireUser: RequestHandler;
}

/** Accounts' way in: e-mail and password, Discord, and the sessions list. */
export function authModule({
  db,
  mailer,
  sessions,
  clock,
  secondFactor,
  limits,
  discord,
  publicUrl,
  jwtSecret,
  requireUser,
}: AuthModuleDeps) {
  const routes = Router();
  routes.use(
    authRoutes({
      auth: createAuthService({ db, mailer, sessions, clock, secondFactor }),
      passwordReset: createPasswordResetService({ db, mailer, clock }),
      limits,
      devices: createLoginDevices({ jwtSecret, publicUrl }),
      requireUser,
      discordEnabled: discord !== undefined,
    }),
  );
  routes.use(
    discordRoutes({
      discord,
      accounts: createDiscordAccounts({ db, mailer, clock }),
      loginCodes: createLoginCodes({ db, clock, sessions, secondFactor }),
      publicUrl,
      jwtSecret,
      requireUser,
      clock,
    }),
  );
  routes.use(sessionsRoutes({ sessions, requireUser }));
  return { routes };
}
