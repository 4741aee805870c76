import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { findUserById, type UserRow } from '../modules/auth/users.repo';
import { verifySessionToken } from '../security/jwt';
import { UnauthorizedError } from './errors';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // passport types req.user as Express.User: here it is the account row, read fresh per request.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
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
    const match = BEARER.exec(req.headers.authorization ?? '');
    const claims = match?.[1] ? verifySessionToken(match[1], jwtSecret) : null;
    const user = claims ? await findUserById(db, claims.userId) : undefined;
    if (!user || !claims || issuedBefore(claims.issuedAt, user.sessions_valid_after)) throw UnauthorizedError();
    req.user = user;
    next();
  };
}

/** `iat` has whole seconds: a token from the very second of a reset is still accepted. */
function issuedBefore(issuedAt: number, validAfter: Date | null): boolean {
  return validAfter !== null && issuedAt < Math.floor(validAfter.getTime() / 1000);
}

/** For handlers behind requireUser. */
export function currentUser(req: { user?: UserRow }): UserRow {
  if (!req.user) throw UnauthorizedError();
  return req.user;
}
