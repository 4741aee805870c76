import type { Knex } from 'knex';
import type { RatingSummary } from '../../../shared/schemas/ratings';
import { writeAudit } from '../audit/audit.repo';
import type { UserRow } from '../auth/users.repo';
import type { RequestContext } from '../auth/auth.service';
import { AlreadyRatedError } from './ratings.errors';
import { findUserRating, insertRating, isAlreadyRatedError, readRatingSummary } from './ratings.repo';

export function createRatingsService({ db }: { db: Knex }) {
  return {
    /** What every visitor sees; userRating is the session user's own (null for a visitor). */
    summary(user: UserRow | undefined): Promise<RatingSummary> {
      return readRatingSummary(db, user?.id ?? null);
    },

    userRating(user: UserRow): Promise<number | null> {
      return findUserRating(db, user.id);
    },

    /**
     * One rating per customer, for good: the unique index decides, so two submits racing give
     * one 201 and one 409, and a refused one changes nothing.
     */
    async rate(user: UserRow, rating: number, ctx: RequestContext): Promise<RatingSummary> {
      await db
        .transaction(async (trx) => {
          const row = await insertRating(trx, user.id, rating);
          await writeAudit(trx, {
            actorId: user.id,
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
      return readRatingSummary(db, user.id);
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
