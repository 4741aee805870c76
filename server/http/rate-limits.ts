import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { HttpError } from './errors';
import type { RateLimitStoreFactory } from './rate-limit-store';
import { takeTurns } from './take-turns';

declare module 'express-serve-static-core' {
  interface Locals {
    /** The login's device, when its device cookie is valid for the e-mail (modules/auth/login-device.ts). */
    loginDevice?: string;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface AuthRateLimits {
  /**
   * Failed attempts per 15 minutes: 5 for one e-mail from one address (DESIGN.md §3), 20 from one
   * address whatever the e-mails (spraying), 10 for one e-mail whatever the addresses; and one
   * address checks one password at a time (a flood from it waits or is refused, not the others).
   * A returning device (a valid device cookie, `res.locals.loginDevice`) is counted apart: 5
   * failures per 15 minutes for that device, its own turn, none of the strangers' counts.
   */
  login: RequestHandler;
  /** 20 registrations per hour from one address. */
  register: RequestHandler;
  /** 3 reset mails per hour for one e-mail, and 20 requests per 15 minutes from one address. */
  forgotPassword: RequestHandler;
  /** 5 mails per hour for one account (runs after requireUser). */
  resendVerification: RequestHandler;
}

const clientAddress = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

const tooManyAttempts = () => new HttpError(429, 'too_many_attempts', 'Too many attempts, try again later');

/** A wrong password is 401. A refusal (429, 503 busy) or a form error (400) tried no password: not a failure. */
const WRONG_CREDENTIALS = 401;

function limiter(
  storeFor: RateLimitStoreFactory,
  name: string,
  options: {
    windowMs: number;
    limit: number;
    key: (req: Request, res: Response) => string;
    /** Count wrong credentials (401) only: a success, a refusal or a form error gives its attempt back. */
    failuresOnly?: boolean;
    /** Requests this limiter leaves to another one (e.g. a logged-in customer's, counted per account). */
    skip?: (req: Request, res: Response) => boolean;
  },
): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    skipSuccessfulRequests: options.failuresOnly ?? false,
    requestWasSuccessful: (_req, res) => res.statusCode !== WRONG_CREDENTIALS,
    keyGenerator: options.key,
    ...(options.skip ? { skip: options.skip } : {}),
    store: storeFor(name),
    handler: (_req, _res, next) => {
      // Retry-After (seconds) is already set; the answer keeps the API's one error shape.
      next(tooManyAttempts());
    },
  });
}

/** An e-mail as the login's counts and device cookies know it (trimmed, any case). */
export const normalLoginEmail = (email: string) => email.trim().toLowerCase().slice(0, 320);

/** The e-mail a login names, as the account lookup reads it (trimmed, any case). */
export function loginEmail(req: Request): string {
  const body: unknown = req.body;
  const email = typeof body === 'object' && body && 'email' in body ? body.email : undefined;
  return typeof email === 'string' ? normalLoginEmail(email) : '';
}

const returningDevice = (res: Response) => res.locals.loginDevice;
const isReturningDevice = (_req: Request, res: Response) => returningDevice(res) !== undefined;

/** Runs the handlers one after the other as one middleware (the login's several limits). */
function inOrder(handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    const step = (index: number) => {
      const handler = handlers[index];
      if (!handler) return next();
      void handler(req, res, (err?: unknown) => (err === undefined ? step(index + 1) : next(err)));
    };
    step(0);
  };
}

export function createAuthRateLimits(storeFor: RateLimitStoreFactory): AuthRateLimits {
  return {
    login: inOrder([
      // argon2 is the costly part: one address's attempts wait their turn, so a flood from it takes
      // one slot of the password gate, not all of them. More than a few waiting: refused at once.
      // A returning device waits in its own line, whatever its address's neighbours do.
      takeTurns({
        key: (req, res) => {
          const device = returningDevice(res);
          return device ? `device:${device}` : `address:${clientAddress(req)}`;
        },
        concurrency: 1,
        queue: 4,
        refuse: (_req, res) => {
          res.set('Retry-After', '1');
          return tooManyAttempts();
        },
      }),
      // Strangers (no valid device cookie), unknown e-mails included: these counts lock them out,
      // never the browser the customer logged in with before (OWASP "device cookies").
      limiter(storeFor, 'login-address', {
        windowMs: 15 * MINUTE,
        limit: 20,
        failuresOnly: true,
        key: clientAddress,
        skip: isReturningDevice,
      }),
      limiter(storeFor, 'login-account', {
        windowMs: 15 * MINUTE,
        limit: 10,
        failuresOnly: true,
        key: loginEmail,
        skip: isReturningDevice,
      }),
      limiter(storeFor, 'login', {
        windowMs: 15 * MINUTE,
        limit: 5,
        failuresOnly: true,
        key: (req) => `${clientAddress(req)}|${loginEmail(req)}`,
        skip: isReturningDevice,
      }),
      // A returning device guessing is locked out on its own (a stolen cookie gets no more than this).
      limiter(storeFor, 'login-device', {
        windowMs: 15 * MINUTE,
        limit: 5,
        failuresOnly: true,
        key: (_req, res) => `device:${returningDevice(res) ?? ''}`,
        skip: (_req, res) => returningDevice(res) === undefined,
      }),
    ]),
    // Many real people share one address (an office, a school, a mobile network's NAT): the
    // per-address numbers leave room for them; what protects one person is counted per e-mail.
    // The reasons for each number are in the README ("Limits against abuse").
    register: limiter(storeFor, 'register', { windowMs: HOUR, limit: 20, key: clientAddress }),
    forgotPassword: inOrder([
      limiter(storeFor, 'forgot-password-address', { windowMs: 15 * MINUTE, limit: 20, key: clientAddress }),
      limiter(storeFor, 'forgot-password-email', { windowMs: HOUR, limit: 3, key: loginEmail }),
    ]),
    resendVerification: limiter(storeFor, 'resend-verification', {
      windowMs: HOUR,
      limit: 5,
      key: (req) => `user:${req.user?.id ?? clientAddress(req)}`,
    }),
  };
}

/**
 * The contact form, each message opening a ticket (runs after optionalUser): a visitor sends 5 per
 * hour from one address (DESIGN.md §3); a logged-in customer 10 per hour from their account,
 * whatever address they share with others.
 */
export function createContactRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return inOrder([
    limiter(storeFor, 'contact', { windowMs: HOUR, limit: 5, key: clientAddress, skip: (req) => req.user !== undefined }),
    limiter(storeFor, 'contact-customer', {
      windowMs: HOUR,
      limit: 10,
      key: (req) => `user:${req.user?.id ?? ''}`,
      skip: (req) => req.user === undefined,
    }),
  ]);
}

/**
 * Power actions: 6 per 10 minutes for one customer's VPS (runs after requireUser). A machine that is
 * started and stopped in a loop helps nobody, and each action is a call to the cloud provider.
 */
export function createVpsActionRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'vps-action', {
    windowMs: 10 * MINUTE,
    limit: 6,
    key: (req) => `user:${req.user?.id ?? clientAddress(req)}|vps:${String(req.params.vpsId ?? '').slice(0, 20)}`,
  });
}

/**
 * The panel's actions on one service (issue 33: reinstall, and those that follow): 10 a minute for
 * one account on one service (runs after requireUser). A customer clicks a few times; a script
 * looping on the provider's API through ours is stopped before the provider stops us.
 */
export function createServiceActionRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'service-action', {
    windowMs: MINUTE,
    limit: 10,
    key: (req) => `user:${req.user?.id ?? clientAddress(req)}|service:${String(req.params.id ?? '').slice(0, 20)}`,
  });
}

/**
 * A game server's power signals and console tickets: 10 a minute for one customer's server (runs
 * after requireUser). Each is a call to the panel; a console that reconnects takes one ticket a try.
 */
export function createGameServerActionRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'game-server-action', {
    windowMs: MINUTE,
    limit: 10,
    key: (req) => `user:${req.user?.id ?? clientAddress(req)}|service:${String(req.params.id ?? '').slice(0, 20)}`,
  });
}

/**
 * Changes to a game server's files (saves, uploads) and its SFTP password: 30 a minute for one
 * account on one service (runs after requireUser). Uploading a dozen plugins one by one stays
 * under it; a script writing through us to the node in a loop does not.
 */
export function createGameFilesRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'service-files', {
    windowMs: MINUTE,
    limit: 30,
    key: (req) => `user:${req.user?.id ?? clientAddress(req)}|service:${String(req.params.id ?? '').slice(0, 20)}`,
  });
}

/**
 * Tickets a customer opens from the Support page: 10 per hour for one account (runs after
 * requireUser). Someone with a real problem opens one or two in an hour. Each ticket lands in
 * the staff's queue, so a script must not bury the real ones.
 */
export function createTicketOpenRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'ticket-open', { windowMs: HOUR, limit: 10, key: (req) => `user:${req.user?.id ?? clientAddress(req)}` });
}

/**
 * Saving a payment method (a provider set-up or a sandbox card): 10 per hour for one account (runs
 * after requireUser). A customer saves a card or two, and retries a declined one a few times; each
 * set-up is a call to the provider and a row kept, so a loop must not pile them up.
 */
export function createPaymentMethodSetupRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'payment-method-setup', {
    windowMs: HOUR,
    limit: 10,
    key: (req) => `user:${req.user?.id ?? clientAddress(req)}`,
  });
}

/** The admin password check: 5 failed attempts per 15 minutes for one account (runs after requireUser). */
export function createAdminPasswordRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'admin-password', {
    windowMs: 15 * MINUTE,
    limit: 5,
    failuresOnly: true,
    key: (req) => `user:${req.user?.id ?? clientAddress(req)}`,
  });
}

/**
 * The account calls that check the current password (password, e-mail, deletion): 10 per 15
 * minutes for one account, whatever the outcome (runs after requireUser).
 */
export function createAccountPasswordRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'account-password', {
    windowMs: 15 * MINUTE,
    limit: 10,
    key: (req) => `user:${req.user?.id ?? clientAddress(req)}`,
  });
}

/** The address an e-mail change would mail, as the account lookup reads it (trimmed, any case). */
function newEmailOf(req: Request): string {
  const body: unknown = req.body;
  const email = typeof body === 'object' && body && 'newEmail' in body ? body.newEmail : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : '';
}

/**
 * E-mail change links (runs after requireUser): 3 mailed per hour to one recipient, whichever
 * accounts ask, so no one can use the shop to flood an outside address (issue 29). Only the
 * requests that mailed count: a refusal (wrong password, address taken) gives its attempt back.
 */
export function createEmailChangeRecipientRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return rateLimit({
    windowMs: HOUR,
    limit: 3,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'email-change-recipient',
    skipFailedRequests: true,
    keyGenerator: (req) => `to:${newEmailOf(req)}`,
    store: storeFor('email-change-recipient'),
    handler: (_req, _res, next) => next(tooManyAttempts()),
  });
}

export interface SecondFactorRateLimits {
  /** The login's code step: 20 wrong codes per 15 minutes from one address (each account also has its own count). */
  login: RequestHandler;
  /** Confirming, regenerating, turning off: 10 tries per 15 minutes for one account (runs after requireUser). */
  account: RequestHandler;
}

/** The second factor's code checks, limited like login (issue 19). */
export function createSecondFactorRateLimits(storeFor: RateLimitStoreFactory): SecondFactorRateLimits {
  return {
    login: limiter(storeFor, 'second-factor-login', { windowMs: 15 * MINUTE, limit: 20, failuresOnly: true, key: clientAddress }),
    account: limiter(storeFor, 'second-factor-account', {
      windowMs: 15 * MINUTE,
      limit: 10,
      key: (req) => `user:${req.user?.id ?? clientAddress(req)}`,
    }),
  };
}
