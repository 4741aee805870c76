import { useCallback, useEffect, useRef, useState } from 'react';
import { mergeById } from './merge-by-id';

export interface ListPage<T> {
  items: T[];
  hasMore: boolean;
}

export type PagedListState<T> =
  | { status: 'loading' }
  /** `error`: what the first page's call threw (a page may read a 400's fields from it). */
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; items: T[]; page: number; hasMore: boolean };

/**
 * A back-office list read 50 at a time: page 1 whenever `fetchPage` changes (new filters; keep it
 * memoised on them), 'Charger plus' appends the next page without repeating a row already shown
 * (rows created meanwhile shift the pages). An answer to older filters is dropped.
 */
export function usePagedList<T extends { id: number }>(fetchPage: (page: number) => Promise<ListPage<T>>) {
  const [state, setState] = useState<PagedListState<T>>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const asked = ++generation.current;
    setState({ status: 'loading' });
    try {
      const first = await fetchPage(1);
      if (asked === generation.current) setState({ status: 'ready', items: first.items, page: 1, hasMore: first.hasMore });
    } catch (error) {
      if (asked === generation.current) setState({ status: 'failed', error });
    }
  }, [fetchPage]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || loadingMore) return;
    const asked = generation.current;
    setLoadingMore(true);
    try {
      const next = await fetchPage(state.page + 1);
      if (asked !== generation.current) return;
      setState((now) =>
        now.status === 'ready' ? { status: 'ready', items: mergeById(now.items, [...now.items, ...next.items]), page: now.page + 1, hasMore: next.hasMore } : now,
      );
    } catch {
      // The rows shown stay; the button can be pressed again.
    } finally {
      setLoadingMore(false);
    }
  }, [fetchPage, state, loadingMore]);

  /** Rewrites the rows shown (an edit's answer), keeping the page and the paging. */
  const updateItems = useCallback((change: (items: T[]) => T[]) => {
    setState((now) => (now.status === 'ready' ? { ...now, items: change(now.items) } : now));
  }, []);

  return { state, loadingMore, loadMore, reload, updateItems };
}
