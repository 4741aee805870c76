import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ratingsApi } from '../../../../shared/contract/ratings';
import type { RatingSummary } from '../../../../shared/schemas/ratings';
import { ApiError } from '../../api/client';
import { PUBLIC_ROUTES } from '../../api/public-routes';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { useSession } from '../../app/session/use-session';
import { useLanguage } from '../use-language';

const EMPTY: RatingSummary = { average: 0, count: 0, userRating: null };

/** What the block shows besides the numbers: nothing, the login alert, or the submit-failure alert. */
export type RatingAlert = 'mustLogin' | 'error' | null;

export type SubmitResult = 'submitted' | 'ignored' | 'failed';

/** What one read of the summary was for. */
interface ReadKey {
  api: unknown;
  userId: number | null;
  reloads: number;
}

/**
 * The average rating and the session user's own (GET /api/ratings/average), and the one vote a
 * customer may cast (POST /api/ratings). Spec §5, §8: a failed load is logged and shows 0 and 0.
 */
export function useRatings() {
  const lng = useLanguage();
  const { user } = useSession();
  const api = useAuthedApi();
  const userId = user?.id ?? null;
  const [submitting, setSubmitting] = useState(false);
  const [alert, setAlert] = useState<RatingAlert>(null);
  // Bumped to read the summary again (after a 409: the server already holds this user's vote).
  const [reloads, setReloads] = useState(0);
  const [alreadyRatedBy, setAlreadyRatedBy] = useState<number | null>(null);
  // What a read is for: the session's api, the user, the reload. The summary and the last finished
  // read are kept with theirs, so a new read shows as loading without a reset in the effect.
  const [shown, setShown] = useState<{ key: ReadKey | null; summary: RatingSummary }>({ key: null, summary: EMPTY });
  const [loadedKey, setLoadedKey] = useState<ReadKey | null>(null);
  const isCurrent = (key: ReadKey | null) => key !== null && key.api === api && key.userId === userId && key.reloads === reloads;
  const loading = !isCurrent(loadedKey);
  const shownIsCurrent = isCurrent(shown.key);
  // Someone else's vote must not show while this session's summary loads.
  const summary = useMemo(() => (shownIsCurrent ? shown.summary : { ...shown.summary, userRating: null }), [shown, shownIsCurrent]);

  useEffect(() => {
    const controller = new AbortController();
    // userId goes with the bearer token only (the server answers 403 to anyone else's id).
    const query = userId !== null && api.token ? { userId } : {};
    const readKey: ReadKey = { api, userId, reloads };
    api
      .call<typeof ratingsApi.average>(PUBLIC_ROUTES.ratingsAverage, { query }, { signal: controller.signal })
      .then((answer) => setShown({ key: readKey, summary: answer }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the average rating', error);
        setShown({ key: readKey, summary: EMPTY });
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoadedKey(readKey);
      });
    return () => controller.abort();
  }, [api, userId, reloads]);

  // A comment was sent with the vote: the thank-you says it waits for moderation (issue 17).
  const [commentSent, setCommentSent] = useState(false);

  const submit = useCallback(
    async (rating: number, comment = ''): Promise<SubmitResult> => {
      if (userId === null) {
        setAlert('mustLogin');
        return 'ignored';
      }
      if (rating < 1) return 'ignored'; // spec §5: silently not sent
      setAlert(null);
      setSubmitting(true);
      try {
        const text = comment.trim();
        const next = await api.call<typeof ratingsApi.rate>(PUBLIC_ROUTES.rate, {
          // The comment keeps the page's language, so a reader of another language is told (issue 34).
          body: text ? { userId, rating, comment: text, language: lng } : { userId, rating },
        });
        setShown({ key: { api, userId, reloads }, summary: { ...next, userRating: next.userRating ?? rating } });
        setCommentSent(text !== '');
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
    [api, userId, reloads, lng],
  );

  const rated = userId !== null && (summary.userRating !== null || alreadyRatedBy === userId);
  return { summary, loading, submitting, alert, loggedIn: userId !== null, rated, commentSent, submit };
}
