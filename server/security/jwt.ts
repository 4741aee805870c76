import { createHmac, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';

// HS256 only, with the algorithm list given on verify: a token signed with `none` or another
// algorithm is refused whatever its header says (DESIGN.md §3 "Identity and trust").
const ALGORITHMS: jwt.Algorithm[] = ['HS256'];
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
const DISCORD_STATE_TTL_SECONDS = 10 * 60;

/** `iat` and the expiry checks read the injected clock, as the session rows do (server/clock/). */
const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * A bearer token for one session: `sub` is the user id as a string, `jti` the session's row in the
 * `sessions` table (the guards refuse a token whose row is unknown, revoked or expired). `now` is the
 * clock's time; `ttlSeconds` other than the session's only for the test helpers' long-lived tokens.
 */
export function signSessionToken(userId: number, sessionId: string, secret: string, now: Date, ttlSeconds = SESSION_TTL_SECONDS): string {
  return jwt.sign({ iat: epochSeconds(now) }, secret, {
    algorithm: 'HS256',
    subject: String(userId),
    jwtid: sessionId,
    expiresIn: ttlSeconds,
  });
}

export interface SessionClaims {
  userId: number;
  /** The session's id (`jti`). */
  sessionId: string;
  /** Seconds since the epoch, as the token says (`iat`). */
  issuedAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The user and session a valid token names, or null (forged, expired, malformed, or without a session id). */
export function verifySessionToken(token: string, secret: jwt.Secret, now: Date): SessionClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: ALGORITHMS, clockTimestamp: epochSeconds(now) });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || !/^\d{1,10}$/.test(payload.sub)) return null;
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.iat !== 'number') return null;
    if (typeof payload.jti !== 'string' || !UUID.test(payload.jti)) return null;
    return { userId: id, sessionId: payload.jti, issuedAt: payload.iat };
  } catch {
    return null;
  }
}

// The OAuth state is signed with a key derived for that use alone, so it can never pass as a session.
const stateKey = (secret: string) => createHmac('sha256', secret).update('discord-oauth-state').digest();

export interface DiscordState {
  lng: string;
  nonce: string;
}

export function signDiscordState(lng: string, secret: string, now: Date): { state: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  const state = jwt.sign({ lng, nonce, iat: epochSeconds(now) }, stateKey(secret), {
    algorithm: 'HS256',
    expiresIn: DISCORD_STATE_TTL_SECONDS,
  });
  return { state, nonce };
}

export function verifyDiscordState(state: unknown, secret: string, now: Date): DiscordState | null {
  if (typeof state !== 'string' || state.length > 2000) return null;
  try {
    const payload = jwt.verify(state, stateKey(secret), { algorithms: ALGORITHMS, clockTimestamp: epochSeconds(now) });
    if (typeof payload !== 'object' || typeof payload.lng !== 'string' || typeof payload.nonce !== 'string') {
      return null;
    }
    return { lng: payload.lng, nonce: payload.nonce };
  } catch {
    return null;
  }
}

export const DISCORD_STATE_MAX_AGE_SECONDS = DISCORD_STATE_TTL_SECONDS;

// The back-office token: signed with a key derived for that use alone, so a session token never
// passes as one (nor the reverse); short-lived, the admin password is asked again after it.
export const STAFF_TOKEN_TTL_SECONDS = 2 * 60 * 60;
const staffKey = (secret: string) => createHmac('sha256', secret).update('staff-token').digest();

/** `sessionId`: the staff session's row, opened under the login session that passed the admin password. */
export function signStaffToken(userId: number, sessionId: string, secret: string, now: Date, ttlSeconds = STAFF_TOKEN_TTL_SECONDS): string {
  return jwt.sign({ iat: epochSeconds(now) }, staffKey(secret), {
    algorithm: 'HS256',
    subject: String(userId),
    jwtid: sessionId,
    expiresIn: ttlSeconds,
  });
}

/** The staff member and staff session a valid staff token names, or null. */
export function verifyStaffToken(token: string, secret: string, now: Date): SessionClaims | null {
  return verifySessionToken(token, staffKey(secret), now);
}
