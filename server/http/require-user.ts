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
 * once. Sets req.user; anything else is 401 unauthorized.
 */
export function requireUser(db: Knex, jwtSecret: string): RequestHandler {
  return async (req, _res, next) => {
    const match = BEARER.exec(req.headers.authorization ?? '');
    const userId = match?.[1] ? verifySessionToken(match[1], jwtSecret) : null;
    const user = userId === null ? undefined : await findUserById(db, userId);
    if (!user) throw UnauthorizedError();
    req.user = user;
    next();
  };
}

/** For handlers behind requireUser. */
export function currentUser(req: { user?: UserRow }): UserRow {
  if (!req.user) throw UnauthorizedError();
  return req.user;
}
