import { useCallback, useMemo } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { REFRESH_MS } from '../../../api/query-client';
import { updateKeysetRows, useKeysetList, type KeysetData, type KeysetPage } from '../../../api/keyset-list';
import { useAuthedApi } from '../../../app/session/use-authed-api';
import type { QueryListState } from '../../../ui/query-list-state';

type AuthedApi = ReturnType<typeof useAuthedApi>;

interface Options<T> {
  queryKey: QueryKey;
  /** One page: the first without a cursor, the page after `cursor` with one. */
  read: (api: AuthedApi, cursor: number | null, signal: AbortSignal) => Promise<KeysetPage<T>>;
  /** An item's identity: a row shows once, whatever page it came on. */
  idOf: (item: T) => string | number;
  /** The pace of the refresh from what is shown; 10 s when absent (spec §9). */
  interval?: (items: T[]) => number;
}

/**
 * A panel list, newest first, a page at a time, read again while the page is visible (the browser
 * revalidates each page with its ETag: an unchanged one is a 304 without a body); 'Charger plus'
 * adds the page after the last one shown. `state.data` is everything shown; `replaceItems` puts an
 * answer (an action, a payment) in at once, after stopping a read that would bring the older copy.
 */
export function usePolledPages<T>({ queryKey, read, idOf, interval }: Options<T>) {
  const api = useAuthedApi();
  const queryClient = useQueryClient();
  const list = useKeysetList(
    {
      queryKey,
      fetchPage: (cursor, signal) => read(api, cursor, signal),
      enabled: api.token !== null,
      refetchInterval: (data: KeysetData<T> | undefined) =>
        interval && data ? interval(data.pages.flatMap((page) => page.items)) : REFRESH_MS,
    },
    idOf,
  );
  const { state: listState, retry: startOver, query } = list;
  const state: QueryListState<T[]> = useMemo(
    () =>
      listState.status === 'ready' ? { status: 'ready', data: listState.items, stale: listState.stale } : { status: listState.status },
    [listState],
  );
  const { refetch } = query;
  // After a failure: 'loading' and the first page again; otherwise read what is shown again now.
  const failed = listState.status === 'failed';
  const retry = useCallback(() => void (failed ? startOver() : refetch()), [failed, startOver, refetch]);
  const replaceItems = useCallback(
    async (change: (items: T[]) => T[]) => {
      await queryClient.cancelQueries({ queryKey });
      updateKeysetRows(queryClient, queryKey, change);
    },
    [queryClient, queryKey],
  );
  return {
    state,
    retry,
    replaceItems,
    hasMore: list.hasMore,
    loadMore: list.loadMore,
    loadingMore: list.loadingMore,
    moreFailed: list.moreFailed,
  };
}
