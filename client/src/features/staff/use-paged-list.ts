import { useCallback, useEffect, useRef, useState } from 'react';
import { mergeById } from './merge-by-id';

export interface ListPage<T> {
  items: T[];
  /** The cursor of the page after this one (the server's `next`); null when this one is the last. */
  next: number | null;
}

export type PagedListState<T> =
  | { status: 'loading' }
  /** `error`: what the first page's call threw (a page may read a 400's fields from it). */
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; items: T[]; next: number | null; hasMore: boolean };

const LOADING = { status: 'loading' } as const;

/**
 * A back-office list read 50 at a time, by keyset: the first page whenever `fetchPage` changes (new
 * filters; keep it memoised on them), 'Charger plus' appends the page after the last row shown
 * (`fetchPage(next)`), without repeating a row already shown. An answer to older filters is dropped.
 */
export function usePagedList<T extends { id: number }>(fetchPage: (after: number | undefined) => Promise<ListPage<T>>) {
  // Kept with the `fetchPage` (the filters) it was read with: new filters read as 'loading'.
  const [shown, setShown] = useState<{ source: typeof fetchPage; state: PagedListState<T> } | null>(null);
  const state: PagedListState<T> = shown?.source === fetchPage ? shown.state : LOADING;
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  /** Reads page 1 for the read numbered `asked`; the state changes only once the answer is in. */
  const readFirstPage = useCallback(
    (asked: number) =>
      // The executor runs at once: a fetchPage that throws synchronously is a failure like any other.
      new Promise<ListPage<T>>((resolve) => resolve(fetchPage(undefined))).then(
        (first) => {
          if (asked === generation.current)
            setShown({
              source: fetchPage,
              state: { status: 'ready', items: first.items, next: first.next, hasMore: first.next !== null },
            });
        },
        (error: unknown) => {
          if (asked === generation.current) setShown({ source: fetchPage, state: { status: 'failed', error } });
        },
      ),
    [fetchPage],
  );

  const reload = useCallback(async () => {
    const asked = ++generation.current;
    setShown({ source: fetchPage, state: LOADING });
    await readFirstPage(asked);
  }, [fetchPage, readFirstPage]);

  useEffect(() => {
    void readFirstPage(++generation.current);
  }, [readFirstPage]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || loadingMore || state.next === null) return;
    const asked = generation.current;
    setLoadingMore(true);
    try {
      const next = await fetchPage(state.next);
      if (asked !== generation.current) return;
      setShown((now) =>
        now && now.state.status === 'ready'
          ? {
              ...now,
              state: {
                status: 'ready',
                items: mergeById(now.state.items, [...now.state.items, ...next.items]),
                next: next.next,
                hasMore: next.next !== null,
              },
            }
          : now,
      );
    } catch {
      // The rows shown stay; the button can be pressed again.
    } finally {
      setLoadingMore(false);
    }
  }, [fetchPage, state, loadingMore]);

  /** Rewrites the rows shown (an edit's answer), keeping the page and the paging. */
  const updateItems = useCallback((change: (items: T[]) => T[]) => {
    setShown((now) => (now && now.state.status === 'ready' ? { ...now, state: { ...now.state, items: change(now.state.items) } } : now));
  }, []);

  return { state, loadingMore, loadMore, reload, updateItems };
}
