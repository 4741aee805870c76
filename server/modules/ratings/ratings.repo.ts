import type { Language } from '../../../shared/i18n/languages';
import type { Knex } from 'knex';
import type { ReviewStatus } from '../../../shared/ratings/review-status';

export interface RatingRow {
  id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  comment_status: ReviewStatus | null;
  comment_language: Language | null;
  moderated_by: number | null;
  moderated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface RatingSummaryRow {
  average: number;
  count: number;
  user_rating: number | null;
}

/** Average and count of every rating, and the given user's own, in one read. */
export async function readRatingSummary(db: Knex, userId: number | null): Promise<RatingSummaryRow> {
  const row = (await db('ratings').first(
    db.raw('count(*)::int AS count'),
    db.raw('coalesce(avg(rating), 0)::float8 AS average'),
    db.raw('max(rating) FILTER (WHERE user_id = ?)::int AS user_rating', [userId]),
  )) as RatingSummaryRow | undefined;
  return { average: row?.average ?? 0, count: row?.count ?? 0, user_rating: row?.user_rating ?? null };
}

export async function findUserRating(db: Knex, userId: number): Promise<number | null> {
  const row = await db<RatingRow>('ratings').first('rating').where({ user_id: userId });
  return row?.rating ?? null;
}

/** A comment starts pending: nobody sees it until staff approve it. */
export async function insertRating(
  db: Knex,
  userId: number,
  rating: number,
  comment: string | null,
  language: Language,
): Promise<RatingRow> {
  const [row] = await db<RatingRow>('ratings')
    .insert({
      user_id: userId,
      rating,
      comment,
      comment_status: comment === null ? null : 'pending',
      comment_language: comment === null ? null : language,
    })
    .returning('*');
  return row as RatingRow;
}

/** Postgres' unique_violation on ratings.user_id: the user has rated already (spec §1: one rating). */
export function isAlreadyRatedError(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === 'ratings_user_id_unique';
}
