import { useCallback, useEffect, useState } from 'react';
import { ratingsApi } from '../../../../shared/contract/ratings';
import type { RatingSummary } from '../../../../shared/schemas/ratings';
import { ApiError } from '../../api/client';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useSession } from '../../app/session/use-session';

const EMPTY: RatingSummary = { average: 0, count: 0, userRating: null };

/** What the block shows besides the numbers: nothing, the login alert, or the submit-failure alert. */
export type RatingAlert = 'mustLogin' | 'error' | null;

export type SubmitResult = 'submitted' | 'ignored' | 'failed';

/**
 * The average rating and the session user's own (GET /api/ratings/average), and the one vote a
 * customer may cast (POST /api/ratings). Spec §5, §8: a failed load is logged and shows 0 and 0.
 */
export function useRatings() {
  const { user } = useSession();
  const api = useAuthedApi();
  const userId = user?.id ?? null;
  const [summary, setSummary] = useState<RatingSummary>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [alert, setAlert] = useState<RatingAlert>(null);
  // Bumped to read the summary again (after a 409: the server already holds this user's vote).
  const [reloads, setReloads] = useState(0);
  const [alreadyRatedBy, setAlreadyRatedBy] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    // userId goes with the bearer token only (the server answers 403 to anyone else's id).
    const query = userId !== null && api.token ? { userId } : {};
    setLoading(true);
    // Someone else's vote must not show while this session's summary loads.
    setSummary((previous) => ({ ...previous, userRating: null }));
    api
      .call(ratingsApi.average, { query }, { signal: controller.signal })
      .then(setSummary)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the average rating', error);
        setSummary(EMPTY);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [api, userId, reloads]);

  const submit = useCallback(
    async (rating: number): Promise<SubmitResult> => {
      if (userId === null) {
        setAlert('mustLogin');
        return 'ignored';
      }
      if (rating < 1) return 'ignored'; // spec §5: silently not sent
      setAlert(null);
      setSubmitting(true);
      try {
        const next = await api.call(ratingsApi.rate, { body: { userId, rating } });
        setSummary({ ...next, userRating: next.userRating ?? rating });
        return 'submitted';
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          // Already rated (another tab, another device): the thank-you is the right answer.
          setAlreadyRatedBy(userId);
          setReloads((n) => n + 1);
          return 'submitted';
        }
        // A 401 has ended the session meanwhile: the visitor must log in again.
        setAlert(error instanceof ApiError && error.status === 401 ? 'mustLogin' : 'error');
        return 'failed';
      } finally {
        setSubmitting(false);
      }
    },
    [api, userId],
  );

  const rated = userId !== null && (summary.userRating !== null || alreadyRatedBy === userId);
  return { summary, loading, submitting, alert, loggedIn: userId !== null, rated, submit };
}
