import type { Knex } from 'knex';
import type { RatingSummary } from '../../../shared/schemas/ratings';
import { UnauthorizedError } from '../../http/errors';
import { assertOwnUserId } from '../../http/require-user';
import { writeAudit } from '../audit/audit.repo';
import type { UserRow } from '../auth/users.repo';
import type { RequestContext } from '../auth/auth.service';
import { AlreadyRatedError } from './ratings.errors';
import { presentRatingSummary } from './ratings.presenter';
import { findUserRating, insertRating, isAlreadyRatedError, readRatingSummary } from './ratings.repo';

// Identity comes from the token only (DESIGN.md §3): a userId the page sends along must be the
// session's own; it never chooses whose rating is read or written.

export function createRatingsService({ db }: { db: Knex }) {
  return {
    /**
     * What every visitor sees; userRating is the session user's own (null for a visitor). Asking
     * with a userId needs a session (401) of that very user (403).
     */
    async summary(viewer: UserRow | undefined, userId: number | undefined): Promise<RatingSummary> {
      if (userId !== undefined) {
        if (!viewer) throw UnauthorizedError();
        assertOwnUserId(viewer, userId);
      }
      return presentRatingSummary(await readRatingSummary(db, viewer?.id ?? null));
    },

    /** The caller's own rating; anyone else's id is 403 (their rating is not revealed). */
    userRating(viewer: UserRow, userId: number): Promise<number | null> {
      assertOwnUserId(viewer, userId);
      return findUserRating(db, viewer.id);
    },

    /**
     * One rating per customer, for good: the unique index decides, so two submits racing give
     * one 201 and one 409, and a refused one changes nothing.
     */
    async rate(viewer: UserRow, input: { userId?: number; rating: number }, ctx: RequestContext): Promise<RatingSummary> {
      assertOwnUserId(viewer, input.userId);
      await db
        .transaction(async (trx) => {
          const row = await insertRating(trx, viewer.id, input.rating);
          await writeAudit(trx, {
            actorId: viewer.id,
            action: 'rating.create',
            entityType: 'rating',
            entityId: row.id,
            after: { rating: row.rating },
            ip: ctx.ip,
          });
        })
        .catch((err: unknown) => {
          throw isAlreadyRatedError(err) ? AlreadyRatedError() : err;
        });
      return presentRatingSummary(await readRatingSummary(db, viewer.id));
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
