import type { Knex } from 'knex';
import type { PublicReviews, RatingInput, RatingSummary } from '../../../shared/schemas/ratings';
import { UnauthorizedError } from '../../http/errors';
import { authorize } from '../../policies/authorize';
import { writeAudit } from '../audit/audit.repo';
import type { UserRow } from '../auth/users.repo';
import type { RequestContext } from '../../http/request-context';
import { AlreadyRatedError } from './ratings.errors';
import { presentRatingSummary } from './ratings.presenter';
import { findUserRating, insertRating, isAlreadyRatedError, readRatingSummary } from './ratings.repo';
import { presentPublicReview } from './reviews.presenter';
import { listReviews } from './reviews.repo';

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
        authorize(viewer, 'account.actFor', userId);
      }
      return presentRatingSummary(await readRatingSummary(db, viewer?.id ?? null));
    },

    /** The caller's own rating; anyone else's id is 403 (their rating is not revealed). */
    userRating(viewer: UserRow, userId: number): Promise<number | null> {
      authorize(viewer, 'account.actFor', userId);
      return findUserRating(db, viewer.id);
    },

    /**
     * One rating per customer, for good: the unique index decides, so two submits racing give
     * one 201 and one 409, and a refused one changes nothing. The stars count at once; a comment
     * waits for staff (issue 17) and is published only once approved.
     */
    async rate(viewer: UserRow, input: RatingInput, ctx: RequestContext): Promise<RatingSummary> {
      authorize(viewer, 'account.actFor', input.userId);
      await db
        .transaction(async (trx) => {
          const row = await insertRating(trx, viewer.id, input.rating, input.comment, input.language);
          await writeAudit(trx, {
            actorId: viewer.id,
            action: 'rating.create',
            entityType: 'rating',
            entityId: row.id,
            after: row.comment === null ? { rating: row.rating } : { rating: row.rating, comment_status: row.comment_status },
            ip: ctx.ip,
          });
        })
        .catch((err: unknown) => {
          throw isAlreadyRatedError(err) ? AlreadyRatedError() : err;
        });
      return presentRatingSummary(await readRatingSummary(db, viewer.id));
    },

    /** The approved comments, newest first, as anyone may read them (first name and initial). */
    async reviews(page: { after?: number; limit: number }): Promise<PublicReviews> {
      const { rows, next } = await listReviews(db, { status: 'approved', ...page, oldestFirst: false });
      return { reviews: rows.map(presentPublicReview), limit: page.limit, next, hasMore: next !== null };
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
