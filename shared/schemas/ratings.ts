import { z } from 'zod';

/** POST /api/ratings — whole stars from 1 to 5; userId must be the session's own (or left out). */
export const ratingSchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
  rating: z.number({ error: 'home.testimonials.errorrating' }).int('home.testimonials.errorrating').min(1, 'home.testimonials.errorrating').max(5, 'home.testimonials.errorrating'),
});

/** GET /api/ratings/average?userId= */
export const ratingAverageQuerySchema = z.object({ userId: z.coerce.number().int().positive().optional() });

export interface RatingSummary {
  /** Mean of all ratings (not rounded; shown with one decimal), 0 when there are none. */
  average: number;
  count: number;
  /** The session user's own rating, or null. */
  userRating: number | null;
}
