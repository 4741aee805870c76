import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { SessionDto } from '../../../shared/schemas/auth';
import type { RequestContext } from '../../http/request-context';
import { SESSION_TTL_SECONDS, signSessionToken, signStaffToken, STAFF_TOKEN_TTL_SECONDS } from '../../security/jwt';
import { SessionNotFoundError } from './auth.errors';
import { presentSession } from './session.presenter';
import { insertSession, listLiveLoginSessions, revokeOtherSessions, revokeSession } from './sessions.repo';

/** The sessions list shows this many (the current one always); "log out everywhere" ends them all. */
export const SESSIONS_LISTED = 50;

/** Enough of a user agent to recognise a device in the list; the rest is noise. */
const USER_AGENT_KEPT = 300;

/**
 * Server-side sessions (DESIGN.md §6 "Sessions"): each token is issued with its row in `sessions`
 * (the token's `jti`), which the guards read on every call, so a session ends when its row is
 * revoked, whatever the token's own expiry says.
 */
export function createSessions({ db, jwtSecret, clock }: { db: Knex; jwtSecret: string; clock: Clock }) {
  const device = (ctx: RequestContext) => ({ userAgent: ctx.userAgent?.slice(0, USER_AGENT_KEPT) ?? null, ip: ctx.ip ?? null });

  return {
    /** A login session for the user: its row, then its token (`trx` when the caller has a transaction). */
    async open(userId: number, ctx: RequestContext, trx: Knex = db): Promise<string> {
      const id = randomUUID();
      const now = clock.now();
      await insertSession(trx, { id, userId, kind: 'login', ttlSeconds: SESSION_TTL_SECONDS, ...device(ctx), now });
      return signSessionToken(userId, id, jwtSecret, now);
    },

    /** The back-office's staff session, opened under the login session that passed the admin password. */
    async openStaff(userId: number, loginSessionId: string, ctx: RequestContext): Promise<string> {
      const id = randomUUID();
      const now = clock.now();
      const session = { id, userId, kind: 'staff' as const, parentId: loginSessionId, ttlSeconds: STAFF_TOKEN_TTL_SECONDS };
      await insertSession(db, { ...session, ...device(ctx), now });
      return signStaffToken(userId, id, jwtSecret, now);
    },

    /** This device first, then the others, the most recently used first: a bounded list. */
    async list(userId: number, currentId: string): Promise<SessionDto[]> {
      return (await listLiveLoginSessions(db, userId, currentId, SESSIONS_LISTED, clock.now())).map((row) =>
        presentSession(row, currentId),
      );
    },

    /** Ends one of the user's own sessions (the staff session under it too); anyone else's is 404. */
    async end(userId: number, sessionId: string): Promise<void> {
      if (!(await revokeSession(db, userId, sessionId, clock.now()))) throw SessionNotFoundError();
    },

    /** "Log out everywhere else": every other session of the user ends, the current one goes on. */
    endOthers(userId: number, currentId: string): Promise<number> {
      return revokeOtherSessions(db, userId, currentId, clock.now());
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
