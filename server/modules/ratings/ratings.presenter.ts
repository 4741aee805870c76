import type { RatingSummary } from '../../../shared/schemas/ratings';
import type { RatingSummaryRow } from './ratings.repo';

/** The rating response (spec §3): average, count and the caller's own rating. */
export function presentRatingSummary(row: RatingSummaryRow): RatingSummary {
  return { average: row.average, count: row.count, userRating: row.user_rating };
}
