import { z } from 'zod';
import { REVIEW_COMMENT_MAX, REVIEW_STATUSES } from '../ratings/review-status';
import { entityId, idParam } from './ids';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages';
import { afterCursor, nextCursor } from './paging';

const stars = z.number().int().min(1).max(5);
const isoDate = z.iso.datetime();

/**
 * An optional short comment with the rating (issue 17): trimmed, at most 500 characters; empty or
 * only spaces means no comment. It is published only once staff approve it.
 */
const comment = z
  .string({ error: 'home.testimonials.errorcomment' })
  .trim()
  .max(REVIEW_COMMENT_MAX, 'home.testimonials.errorcomment')
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/ratings — whole stars from 1 to 5; userId must be the session's own (or left out). */
export const ratingSchema = z.object({
  userId: entityId().optional(),
  rating: z
    .number({ error: 'home.testimonials.errorrating' })
    .int('home.testimonials.errorrating')
    .min(1, 'home.testimonials.errorrating')
    .max(5, 'home.testimonials.errorrating'),
  comment,
  /** The language the comment is written in: the page's (issue 34); French when not said. */
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});
export type RatingInput = z.infer<typeof ratingSchema>;

/** GET /api/ratings/average?userId= */
export const ratingAverageQuerySchema = z.object({ userId: entityId().optional() });

/** GET /api/ratings/user/{userId} */
export const ratingUserParamsSchema = z.object({ userId: idParam });

/** The rating response (spec §3: average, count, userRating). */
export const ratingSummarySchema = z.object({
  /** Mean of all ratings (not rounded; shown with one decimal), 0 when there are none. */
  average: z.number().min(0).max(5),
  count: z.number().int().min(0),
  /** The session user's own rating, or null. */
  userRating: stars.nullable(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** GET /api/ratings/user/{userId} (spec §7: {userRating}) */
export const userRatingResponseSchema = z.object({ userRating: stars.nullable() });

/** GET /api/ratings/reviews?after=&limit= — approved comments, newest first, 6 a page by default (at most 20). */
export const publicReviewsQuerySchema = z.object({
  /** The last review shown (the previous page's `next`). */
  after: afterCursor,
  limit: z.coerce.number().int().min(1).max(20).default(6),
});

/**
 * One published review: never the customer's full name, e-mail or id, only "Lucas M.";
 * verified when the author has paid at least one order.
 */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  rating: stars,
  comment: z.string(),
  /** The language it was written in: a page in another one says so. */
  language: z.enum(LANGUAGES),
  createdAt: isoDate,
  verified: z.boolean(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const publicReviewsSchema = z.object({
  reviews: z.array(publicReviewSchema),
  limit: z.number().int(),
  next: nextCursor,
  hasMore: z.boolean(),
});
export type PublicReviews = z.infer<typeof publicReviewsSchema>;

/** GET /api/admin/reviews?status=&after= — the moderation queue (pending by default, oldest first). */
export const staffReviewsQuerySchema = z.object({
  status: z.enum([...REVIEW_STATUSES, 'all']).default('pending'),
  /** The last review shown (the previous page's `next`). */
  after: afterCursor,
  limit: z.coerce.number().int().min(1).max(50).default(50),
});
export type StaffReviewsQuery = z.infer<typeof staffReviewsQuerySchema>;

/** A review as staff see it: the customer's name and e-mail, the status and who moderated it. */
export const staffReviewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  author: z.string(),
  email: z.string(),
  /** What the public sees as the author ("Lucas M."). */
  publicName: z.string(),
  rating: stars,
  comment: z.string(),
  status: z.enum(REVIEW_STATUSES),
  verified: z.boolean(),
  createdAt: isoDate,
  moderatedAt: isoDate.nullable(),
  moderatedBy: z.string().nullable(),
});
export type StaffReviewDto = z.infer<typeof staffReviewSchema>;

export const staffReviewsSchema = z.object({
  reviews: z.array(staffReviewSchema),
  limit: z.number().int(),
  next: nextCursor,
  hasMore: z.boolean(),
});

/** POST /api/admin/reviews/{id}/approve and /reject -> the review as the list now shows it. */
export const staffReviewActionSchema = z.object({ review: staffReviewSchema });
