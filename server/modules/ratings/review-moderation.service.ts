import type { Knex } from 'knex';
import type { ReviewStatus } from '../../../shared/ratings/review-status';
import type { StaffReviewDto, StaffReviewsQuery } from '../../../shared/schemas/ratings';
import type { Clock } from '../../clock/clock';
import { NotFoundError } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import type { UserRow } from '../auth/users.repo';
import { presentStaffReview } from './reviews.presenter';
import { findReview, listReviews, lockReview, setReviewStatus } from './reviews.repo';

const ReviewNotFound = () => NotFoundError('No such review');

/**
 * The back-office side of rating comments (issue 17): the queue and the decision. A decision can be
 * changed later (an approved comment withdrawn, a rejected one published); the same decision
 * twice changes nothing and writes no audit row.
 */
export function createReviewModeration({ db, clock }: { db: Knex; clock: Clock }) {
  async function load(id: number): Promise<StaffReviewDto> {
    const row = await findReview(db, id);
    if (!row) throw ReviewNotFound();
    return presentStaffReview(row);
  }

  async function decide(staff: UserRow, id: number, status: Exclude<ReviewStatus, 'pending'>, ip?: string): Promise<StaffReviewDto> {
    await db.transaction(async (trx) => {
      const review = await lockReview(trx, id);
      if (!review) throw ReviewNotFound();
      if (review.comment_status === status) return;
      await setReviewStatus(trx, id, status, staff.id, clock.now());
      await writeAudit(trx, {
        actorId: staff.id,
        action: status === 'approved' ? 'rating.comment_approved' : 'rating.comment_rejected',
        entityType: 'rating',
        entityId: id,
        before: { comment_status: review.comment_status },
        after: { comment_status: status },
        ip,
      });
    });
    return load(id);
  }

  return {
    /** The waiting ones oldest first (first come, first served); any other view newest first. */
    async list(query: StaffReviewsQuery): Promise<{ reviews: StaffReviewDto[]; limit: number; next: number | null; hasMore: boolean }> {
      const { rows, next } = await listReviews(db, { ...query, oldestFirst: query.status === 'pending' });
      return { reviews: rows.map(presentStaffReview), limit: query.limit, next, hasMore: next !== null };
    },
    approve: (staff: UserRow, id: number, ip?: string) => decide(staff, id, 'approved', ip),
    reject: (staff: UserRow, id: number, ip?: string) => decide(staff, id, 'rejected', ip),
  };
}

export type ReviewModeration = ReturnType<typeof createReviewModeration>;
