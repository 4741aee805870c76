import type { PublicReview, StaffReviewDto } from '../../../shared/schemas/ratings';
import { publicNameOf } from './public-name';
import type { ReviewRow } from './reviews.repo';

/** What every visitor may read: the first name and initial, never who the customer is. */
export function presentPublicReview(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    author: publicNameOf(row.author_name),
    rating: row.rating,
    comment: row.comment,
    language: row.comment_language ?? 'fr', // comments from before the column were French
    createdAt: row.created_at.toISOString(),
    verified: row.verified,
  };
}

/** What staff need to decide: who wrote it, what the public would see, who decided and when. */
export function presentStaffReview(row: ReviewRow): StaffReviewDto {
  return {
    id: row.id,
    userId: row.user_id,
    author: row.author_name,
    email: row.author_email,
    publicName: publicNameOf(row.author_name),
    rating: row.rating,
    comment: row.comment,
    status: row.comment_status,
    verified: row.verified,
    createdAt: row.created_at.toISOString(),
    moderatedAt: row.moderated_at ? row.moderated_at.toISOString() : null,
    moderatedBy: row.moderator_name,
  };
}
