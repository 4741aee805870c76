import type { Language } from '../../../shared/i18n/languages';
import type { Knex } from 'knex';
import type { ReviewStatus } from '../../../shared/ratings/review-status';
import { readKeysetPage, type Keyset } from '../../db/keyset';
import type { RatingRow } from './ratings.repo';

/** A rating with its comment, its author and whether the author ever paid an order. */
export interface ReviewRow {
  id: number;
  user_id: number;
  rating: number;
  comment: string;
  comment_status: ReviewStatus;
  comment_language: Language | null;
  created_at: Date;
  moderated_at: Date | null;
  author_name: string;
  author_email: string;
  moderator_name: string | null;
  verified: boolean;
}

// "Client vérifié" is derived here, never stored: at least one order of the author was paid.
const VERIFIED = 'EXISTS (SELECT 1 FROM orders o WHERE o.user_id = r.user_id AND o.paid_at IS NOT NULL) AS verified';

function reviews(db: Knex) {
  return db('ratings as r')
    .join('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as m', 'm.id', 'r.moderated_by')
    .whereNotNull('r.comment')
    .select(
      'r.id',
      'r.user_id',
      'r.rating',
      'r.comment',
      'r.comment_status',
      'r.comment_language',
      'r.created_at',
      'r.moderated_at',
      'u.full_name as author_name',
      'u.email as author_email',
      'm.full_name as moderator_name',
      db.raw(VERIFIED),
    );
}

/** By creation, id breaking ties, either way (index ratings_comments_created_idx and its status twin). */
const byCreation = (direction: 'asc' | 'desc'): Keyset => ({ table: 'ratings', alias: 'r', keys: ['{t}.created_at', '{t}.id'], direction });

/** One page after the review `after` (keyset), and the cursor of the next page (null at the end). */
export async function listReviews(
  db: Knex,
  filter: { status: ReviewStatus | 'all'; after?: number; limit: number; oldestFirst: boolean },
): Promise<{ rows: ReviewRow[]; next: number | null }> {
  const query = reviews(db);
  if (filter.status !== 'all') query.where('r.comment_status', filter.status);
  return readKeysetPage<ReviewRow>(query, byCreation(filter.oldestFirst ? 'asc' : 'desc'), filter.after, filter.limit);
}

export async function findReview(db: Knex, id: number): Promise<ReviewRow | undefined> {
  return (await reviews(db).where('r.id', id).first()) as ReviewRow | undefined;
}

/** The row locked for a moderation decision; undefined when missing or without a comment. */
export async function lockReview(trx: Knex, id: number): Promise<Pick<RatingRow, 'id' | 'comment_status'> | undefined> {
  return trx<RatingRow>('ratings').select('id', 'comment_status').where({ id }).whereNotNull('comment').forUpdate().first();
}

export async function setReviewStatus(trx: Knex, id: number, status: ReviewStatus, moderatorId: number, at: Date): Promise<void> {
  await trx('ratings').where({ id }).update({ comment_status: status, moderated_by: moderatorId, moderated_at: at, updated_at: at });
}
