import { z } from 'zod';
import { entityId, idParam } from './ids';

const stars = z.number().int().min(1).max(5);

/** POST /api/ratings — whole stars from 1 to 5; userId must be the session's own (or left out). */
export const ratingSchema = z.object({
  userId: entityId().optional(),
  rating: z
    .number({ error: 'home.testimonials.errorrating' })
    .int('home.testimonials.errorrating')
    .min(1, 'home.testimonials.errorrating')
    .max(5, 'home.testimonials.errorrating'),
});

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
