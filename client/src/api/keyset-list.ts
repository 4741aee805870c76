import { useMemo } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** One page of a list paged by keyset: its rows, and the cursor of the page after it (null: the last). */
export interface KeysetPage<T> {
  items: T[];
  next: number | null;
}

export type KeysetData<T, P extends KeysetPage<T> = KeysetPage<T>> = InfiniteData<P, number | null>;

/** What ListState draws: `stale` when the last refresh failed and the rows are the previous answer. */
export type KeysetListState<T> =
  { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; items: T[]; stale: boolean };

interface Options<T, P extends KeysetPage<T>> {
  queryKey: QueryKey;
  /** One page (what else it carries stays in `query.data`): the first without a cursor, the page after `after` with one. */
  fetchPage: (after: number | null, signal: AbortSignal) => Promise<P>;
  enabled?: boolean;
  /** How long a list no screen shows stays in the cache (TanStack's gcTime); 0: read afresh, from 'loading', when shown again. */
  gcTime?: number;
  /** The 10 s refresh of the pages shown (every page shown is read again, merged by id). */
  refetchInterval?: number | false | ((data: KeysetData<T, P> | undefined) => number | false);
}

/** Every row of every page shown, in the server's order, none twice (rows shift between pages while they move). */
export function rowsOf<T>(data: InfiniteData<KeysetPage<T>, number | null> | undefined, idOf: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  const rows: T[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      const id = idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(item);
    }
  }
  return rows;
}

/**
 * A list read a page at a time by keyset ('Charger plus' adds the page after the last row shown),
 * on TanStack's infinite query: a new key (new filters) starts over from 'loading'; a refresh reads
 * every page shown again. Rows are merged by id; an unchanged row keeps its object (structural sharing).
 */
export function useKeysetList<T, P extends KeysetPage<T> = KeysetPage<T>>(
  { queryKey, fetchPage, enabled, gcTime, refetchInterval }: Options<T, P>,
  idOf: (item: T) => string | number,
) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery<P, Error, KeysetData<T, P>, QueryKey, number | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last: P) => last.next,
    enabled,
    gcTime,
    // A failure shows at once, as it always did: the list's retry button, or its next refresh, asks again.
    retry: false,
    refetchInterval: typeof refetchInterval === 'function' ? (q) => refetchInterval(q.state.data) : refetchInterval,
  });
  const { data, error, isRefetchError, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const items = useMemo(() => rowsOf(data, idOf), [data, idOf]);
  const state: KeysetListState<T> = useMemo(() => {
    if (data !== undefined) return { status: 'ready', items, stale: isRefetchError };
    return error ? { status: 'failed', error } : { status: 'loading' };
  }, [data, items, error, isRefetchError]);

  return {
    state,
    query,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    moreFailed: isFetchNextPageError,
    /** 'Charger plus': one page more; a press while one is on its way does nothing. */
    loadMore: async () => {
      if (!hasNextPage || isFetchingNextPage) return;
      await fetchNextPage({ cancelRefetch: false });
    },
    /** Back to 'loading' and read the first page again (after a failure). */
    retry: () => queryClient.resetQueries({ queryKey, exact: true }),
  };
}

/** Rewrites the rows of a list in the cache (an action's answer), keeping its pages and cursors. */
export function updateKeysetRows<T>(queryClient: QueryClient, queryKey: QueryKey, change: (items: T[]) => T[]) {
  queryClient.setQueriesData<KeysetData<T>>({ queryKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) } : data,
  );
}
