import type { Knex } from 'knex';
import type { SESSION_KINDS } from '../../../shared/constants';
import type { UserRow } from './users.repo';

export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * How stale `last_seen_at` may get: it is written at most once per this interval, not on every call.
 * A minute (issue 34): a device in use never reads as idle for minutes in the sessions list.
 */
export const LAST_SEEN_RESOLUTION = '1 minute';
/** Expired sessions stay listed nowhere; their rows are deleted this long after (at the user's next login, or by the daily prune). */
const KEEP_EXPIRED = '7 days';

export interface NewSession {
  id: string;
  userId: number;
  kind: SessionKind;
  parentId?: string | null;
  ttlSeconds: number;
  userAgent: string | null;
  ip: string | null;
  /** The clock's time: the session begins and is last seen now, and expires ttlSeconds after. */
  now: Date;
}

export interface SessionRow {
  id: string;
  user_id: number;
  kind: SessionKind;
  parent_id: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  user_agent: string | null;
  ip: string | null;
}

/** Records an issued token's session (its expiry the token's own); the user's long-expired rows go. */
export async function insertSession(db: Knex, session: NewSession): Promise<void> {
  await db('sessions')
    .where({ user_id: session.userId })
    .whereRaw(`expires_at < ?::timestamptz - interval '${KEEP_EXPIRED}'`, [session.now])
    .delete();
  await db('sessions').insert({
    id: session.id,
    user_id: session.userId,
    kind: session.kind,
    parent_id: session.parentId ?? null,
    created_at: session.now,
    last_seen_at: session.now,
    expires_at: new Date(session.now.getTime() + session.ttlSeconds * 1000),
    user_agent: session.userAgent,
    ip: session.ip,
  });
}

export interface LiveSession {
  user: UserRow;
  /** `last_seen_at` is older than LAST_SEEN_RESOLUTION: time to write it again. */
  stale: boolean;
}

/**
 * The account behind a live session (not revoked, not expired) in one indexed lookup: what every
 * authenticated call reads. The session must be of the kind asked and belong to the token's user.
 */
export async function findLiveSession(
  db: Knex,
  key: { id: string; userId: number; kind: SessionKind },
  now: Date,
): Promise<LiveSession | undefined> {
  const row = (await db('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where({ 's.id': key.id, 's.user_id': key.userId, 's.kind': key.kind })
    .whereNull('s.revoked_at')
    .where('s.expires_at', '>', now)
    .first('u.*', db.raw(`s.last_seen_at < ?::timestamptz - interval '${LAST_SEEN_RESOLUTION}' AS session_stale`, [now]))) as
    (UserRow & { session_stale: boolean }) | undefined;
  if (!row) return undefined;
  const { session_stale: stale, ...user } = row;
  return { user, stale };
}

/** Notes that the session was used now (the guard calls it only when the last note is stale). */
/** When one of the user's live sessions began (its sign-in), or undefined. */
export async function sessionStartedAt(db: Knex, userId: number, id: string): Promise<Date | undefined> {
  const row = (await db('sessions').where({ id, user_id: userId }).whereNull('revoked_at').first('created_at')) as
    Pick<SessionRow, 'created_at'> | undefined;
  return row?.created_at;
}

export async function touchSession(db: Knex, id: string, now: Date): Promise<void> {
  await db('sessions')
    .where({ id })
    .whereRaw(`last_seen_at < ?::timestamptz - interval '${LAST_SEEN_RESOLUTION}'`, [now])
    .update({ last_seen_at: now });
}

/** The user's live login sessions, `currentId` first, then the most recently used; at most `limit`. */
export function listLiveLoginSessions(db: Knex, userId: number, currentId: string, limit: number, now: Date): Promise<SessionRow[]> {
  return db<SessionRow>('sessions')
    .where({ user_id: userId, kind: 'login' })
    .whereNull('revoked_at')
    .where('expires_at', '>', now)
    .orderByRaw('id = ?::uuid DESC, last_seen_at DESC, created_at DESC', [currentId])
    .limit(limit);
}

/**
 * Ends one of the user's live sessions and the staff sessions opened under it; false when the user
 * has no such live session (someone else's id included).
 */
export async function revokeSession(db: Knex, userId: number, id: string, now: Date): Promise<boolean> {
  const ended = await db('sessions')
    .where({ user_id: userId })
    .where((w) => w.where({ id }).orWhere({ parent_id: id }))
    .whereNull('revoked_at')
    .update({ revoked_at: now })
    .returning('id');
  return ended.some((row: { id: string }) => row.id === id);
}

/** Ends every session of the user but `keepId` (and the staff session under it); how many login sessions ended. */
export async function revokeOtherSessions(db: Knex, userId: number, keepId: string, now: Date): Promise<number> {
  const ended: { kind: SessionKind }[] = await db('sessions')
    .where({ user_id: userId })
    .whereNot({ id: keepId })
    .where((w) => w.whereNull('parent_id').orWhereNot({ parent_id: keepId }))
    .whereNull('revoked_at')
    .update({ revoked_at: now })
    .returning('kind');
  return ended.filter((row) => row.kind === 'login').length;
}

/** Ends every session of the user (a new password, an account claimed). */
export async function revokeAllSessions(db: Knex, userId: number, now: Date): Promise<void> {
  await db('sessions').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: now });
}

/** Ends the user's staff sessions only (their role changed): their login sessions go on. */
export async function revokeStaffSessions(db: Knex, userId: number, now: Date): Promise<number> {
  return db('sessions').where({ user_id: userId, kind: 'staff' }).whereNull('revoked_at').update({ revoked_at: now });
}

/** Every user's sessions expired longer than KEEP_EXPIRED ago (the daily prune); answers how many went. */
export function deleteLongExpiredSessions(db: Knex, now: Date): Promise<number> {
  return db('sessions').whereRaw(`expires_at < ?::timestamptz - interval '${KEEP_EXPIRED}'`, [now]).delete();
}
