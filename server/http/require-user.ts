import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { findUserById, type UserRow } from '../modules/auth/users.repo';
import { verifySessionToken } from '../security/jwt';
import { ForbiddenError, UnauthorizedError } from './errors';

declare global {
  namespace Express {
    // passport types req.user as Express.User: here it is the account row, read fresh per request.
    interface User extends UserRow {}
  }
}

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/;

/**
 * The one way a request gets an identity: `Authorization: Bearer <jwt>`, verified (HS256 only),
 * then the account loaded from the database on every call, so a deleted account is refused at
 * once, and a session older than the last password reset is refused. Sets req.user; anything
 * else is 401 unauthorized.
 */
export function requireUser(db: Knex, jwtSecret: string): RequestHandler {
  return async (req, _res, next) => {
    const user = await userFromBearer(db, jwtSecret, req.headers.authorization);
    if (!user) throw UnauthorizedError();
    req.user = user;
    next();
  };
}

/**
 * For calls open to visitors that answer more to a customer (the rating summary, the contact
 * form): sets req.user when the bearer is valid. A missing, expired or forged one is no identity,
 * never an error, so a stale token in the browser does not break a public page.
 */
export function optionalUser(db: Knex, jwtSecret: string): RequestHandler {
  return async (req, _res, next) => {
    req.user = await userFromBearer(db, jwtSecret, req.headers.authorization);
    next();
  };
}

/** The bearer's JWT, or null when the header is missing or malformed. */
export function bearerToken(header: string | undefined): string | null {
  return BEARER.exec(header ?? '')?.[1] ?? null;
}

async function userFromBearer(db: Knex, jwtSecret: string, header: string | undefined): Promise<UserRow | undefined> {
  const token = bearerToken(header);
  const claims = token ? verifySessionToken(token, jwtSecret) : null;
  if (!claims) return undefined;
  const user = await findUserById(db, claims.userId);
  return user && !issuedBefore(claims.issuedAt, user.sessions_valid_after) ? user : undefined;
}

/** `iat` has whole seconds: a token from the very second of a reset is still accepted. */
export function issuedBefore(issuedAt: number, validAfter: Date | null): boolean {
  return validAfter !== null && issuedAt < Math.floor(validAfter.getTime() / 1000);
}

/** For handlers behind requireUser. */
export function currentUser(req: { user?: UserRow }): UserRow {
  if (!req.user) throw UnauthorizedError();
  return req.user;
}

/**
 * Identity comes from the token only (DESIGN.md §3): a `userId` sent in a query or body must be
 * the session's own. Leaving it out is fine; naming someone else is 403.
 */
export function assertOwnUserId(user: UserRow, userId: number | undefined): void {
  if (userId !== undefined && userId !== user.id) throw ForbiddenError('forbidden', 'You can only act for your own account');
}
