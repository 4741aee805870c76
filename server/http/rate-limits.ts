import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { HttpError } from './errors';
import type { RateLimitStoreFactory } from './rate-limit-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface AuthRateLimits {
  /** 5 failed attempts per 15 minutes for one e-mail from one address (DESIGN.md §3). */
  login: RequestHandler;
  /** 10 registrations per hour from one address. */
  register: RequestHandler;
  /** 5 requests per 15 minutes from one address. */
  forgotPassword: RequestHandler;
  /** 5 mails per hour for one account (runs after requireUser). */
  resendVerification: RequestHandler;
}

const clientAddress = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

function limiter(
  storeFor: RateLimitStoreFactory,
  name: string,
  options: { windowMs: number; limit: number; key: (req: Request) => string; failuresOnly?: boolean },
): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    skipSuccessfulRequests: options.failuresOnly ?? false,
    keyGenerator: options.key,
    store: storeFor(name),
    handler: (_req, _res, next) => {
      // Retry-After (seconds) is already set; the answer keeps the API's one error shape.
      next(new HttpError(429, 'too_many_attempts', 'Too many attempts, try again later'));
    },
  });
}

export function createAuthRateLimits(storeFor: RateLimitStoreFactory): AuthRateLimits {
  return {
    login: limiter(storeFor, 'login', {
      windowMs: 15 * MINUTE,
      limit: 5,
      failuresOnly: true,
      key: (req) => {
        const body: unknown = req.body;
        const email = typeof body === 'object' && body && 'email' in body ? body.email : undefined;
        const normalised = typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : '';
        return `${clientAddress(req)}|${normalised}`;
      },
    }),
    register: limiter(storeFor, 'register', { windowMs: HOUR, limit: 10, key: clientAddress }),
    forgotPassword: limiter(storeFor, 'forgot-password', { windowMs: 15 * MINUTE, limit: 5, key: clientAddress }),
    resendVerification: limiter(storeFor, 'resend-verification', {
      windowMs: HOUR,
      limit: 5,
      key: (req) => `user:${req.user?.id ?? clientAddress(req)}`,
    }),
  };
}

/** The contact form: 5 messages per hour from one address (DESIGN.md §3), each opening a ticket. */
export function createContactRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'contact', { windowMs: HOUR, limit: 5, key: clientAddress });
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

/** The admin password check: 5 failed attempts per 15 minutes for one account (runs after requireUser). */
export function createAdminPasswordRateLimit(storeFor: RateLimitStoreFactory): RequestHandler {
  return limiter(storeFor, 'admin-password', {
    windowMs: 15 * MINUTE,
    limit: 5,
    failuresOnly: true,
    key: (req) => `user:${req.user?.id ?? clientAddress(req)}`,
  });
}
