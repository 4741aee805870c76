import { useCallback, useMemo } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { updateKeysetRows, useKeysetList, type KeysetPage } from '../../../api/keyset-list';

export type PagedListState<T> =
  | { status: 'loading' }
  /** `error`: what the first page's call threw (a page may read a 400's fields from it). */
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; items: T[]; hasMore: boolean };

const idOf = (row: { id: number }) => row.id;

/**
 * A back-office list read 50 at a time, by keyset (an infinite query): the first page for each key
 * (new filters start over from 'loading'), 'Charger plus' the page after the last row shown, no row
 * twice. `updateItems` rewrites the rows shown (an action's answer), keeping the pages.
 */
export function usePagedList<P extends KeysetPage<{ id: number }>>(
  queryKey: QueryKey,
  fetchPage: (after: number | undefined, signal: AbortSignal) => Promise<P>,
) {
  type T = P['items'][number];
  const queryClient = useQueryClient();
  // A list left (other filters, another tab) is read afresh from 'loading' when asked for again:
  // 'Filtrer' and 'Effacer les filtres' always read what the server has now.
  const list = useKeysetList<T, P>({ queryKey, fetchPage: (after, signal) => fetchPage(after ?? undefined, signal), gcTime: 0 }, idOf);
  const { state: listState, hasMore, loadingMore, loadMore, retry } = list;
  const state: PagedListState<T> = useMemo(
    () => (listState.status === 'ready' ? { status: 'ready', items: listState.items, hasMore } : listState),
    [listState, hasMore],
  );
  const updateItems = useCallback(
    async (change: (items: T[]) => T[]) => {
      await queryClient.cancelQueries({ queryKey });
      updateKeysetRows(queryClient, queryKey, change);
    },
    [queryClient, queryKey],
  );
  /** The first page as it came, with what else it carries (the order's plan, say). */
  const firstPage = list.query.data?.pages[0];
  return { state, loadingMore, loadMore, reload: retry, updateItems, firstPage };
}
