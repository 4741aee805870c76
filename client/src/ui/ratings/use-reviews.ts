import { useEffect, useState } from 'react';
import type { ratingsApi } from '../../../../shared/contract/ratings';
import type { PublicReview } from '../../../../shared/schemas/ratings';
import { callApi } from '../../api/call';
import { PUBLIC_ROUTES } from '../../api/public-routes';

/**
 * The latest comments staff approved (GET /api/ratings/reviews), the same for every visitor. Until
 * they are in, or when the read fails, there are none: the page never fills the gap with examples.
 */
export function usePublishedReviews(): PublicReview[] {
  const [reviews, setReviews] = useState<PublicReview[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    callApi<typeof ratingsApi.reviews>(PUBLIC_ROUTES.reviews, { query: {} }, { signal: controller.signal })
      .then((answer) => setReviews(answer.reviews))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the published reviews', error);
      });
    return () => controller.abort();
  }, []);

  return reviews;
}
