import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../clock/clock';
import { findLiveSession, touchSession, type SessionKind } from '../modules/auth/sessions.repo';
import type { UserRow } from '../modules/auth/users.repo';
import { verifySessionToken, type SessionClaims } from '../security/jwt';
import { UnauthorizedError } from './errors';

declare global {
  namespace Express {
    // passport types req.user as Express.User: here it is the account row, read fresh per request.
    interface User extends UserRow {}
    interface Request {
      /** The session (token `jti`) the request was authenticated with, set by the guards. */
      authSessionId?: string;
    }
  }
}

const BEARER = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/;

/**
 * The one way a request gets an identity: `Authorization: Bearer <jwt>`, verified (HS256 only),
 * then its session and account read from the database on every call (one indexed lookup), so a
 * logged-out or revoked session, a deleted account and a session older than the last password
 * reset are refused at once. Sets req.user and req.authSessionId; anything else is 401 unauthorized.
 */
export function requireUser(db: Knex, jwtSecret: string, clock: Clock): RequestHandler {
  return async (req, _res, next) => {
    const found = await userFromBearer(db, jwtSecret, req.headers.authorization, clock.now());
    if (!found) throw UnauthorizedError();
    req.user = found.user;
    req.authSessionId = found.sessionId;
    next();
  };
}

/**
 * For calls open to visitors that answer more to a customer (the rating summary, the contact
 * form): sets req.user when the bearer is valid. A missing, expired or forged one is no identity,
 * never an error, so a stale token in the browser does not break a public page.
 */
export function optionalUser(db: Knex, jwtSecret: string, clock: Clock): RequestHandler {
  return async (req, _res, next) => {
    const found = await userFromBearer(db, jwtSecret, req.headers.authorization, clock.now());
    req.user = found?.user;
    req.authSessionId = found?.sessionId;
    next();
  };
}

/** The bearer's JWT, or null when the header is missing or malformed. */
export function bearerToken(header: string | undefined): string | null {
  return BEARER.exec(header ?? '')?.[1] ?? null;
}

async function userFromBearer(db: Knex, jwtSecret: string, header: string | undefined, now: Date) {
  const token = bearerToken(header);
  const claims = token ? verifySessionToken(token, jwtSecret, now) : null;
  return claims ? userOfSession(db, claims, 'login', now) : undefined;
}

/**
 * The account behind a token's live session of that kind, or undefined. `last_seen_at` is written
 * only when it is stale (a minute), so a busy session costs one read per call, not a write.
 */
export async function userOfSession(
  db: Knex,
  claims: SessionClaims,
  kind: SessionKind,
  now: Date,
): Promise<{ user: UserRow; sessionId: string } | undefined> {
  const live = await findLiveSession(db, { id: claims.sessionId, userId: claims.userId, kind }, now);
  if (!live || issuedBefore(claims.issuedAt, live.user.sessions_valid_after)) return undefined;
  if (live.stale) await touchSession(db, claims.sessionId, now);
  return { user: live.user, sessionId: claims.sessionId };
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

/** The session id of a request behind requireUser (or the staff guard). */
export function currentSessionId(req: { authSessionId?: string }): string {
  if (!req.authSessionId) throw UnauthorizedError();
  return req.authSessionId;
}
