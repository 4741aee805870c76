import { useCallback, useMemo } from 'react';
import { staffBillingApi } from '../../../../../../shared/contract/staff-billing';
import type { BillingFilter, BillingOrderDto } from '../../../../../../shared/schemas/staff/billing';
import { useKeysetList } from '../../../../api/keyset-list';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

export type BillingState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `stale`: the last refresh failed and the rows are the previous answer; `hasMore`: a page after the last one shown. */
  | { status: 'ready'; orders: BillingOrderDto[]; hasMore: boolean; stale: boolean };

const idOf = (order: BillingOrderDto) => order.id;

/**
 * One Billing filter's orders (GET /api/admin/billing, 50 a page, each page after the previous
 * one's last order). `refresh` reads again every page shown, after each action; 'Charger plus'
 * adds the next page. Changing the filter starts over from 'loading'.
 */
export function useBillingOrders(filter: BillingFilter) {
  const api = useStaffApi();
  const list = useKeysetList(
    {
      queryKey: staffKeys.billing(filter),
      fetchPage: async (after, signal) => {
        const page = await api.call(staffBillingApi.list, { query: { filter, after: after ?? undefined } }, { signal });
        return { items: page.orders, next: page.next };
      },
      gcTime: 0,
    },
    idOf,
  );
  const { state: listState, hasMore, query } = list;
  const state: BillingState = useMemo(
    () =>
      listState.status === 'ready'
        ? { status: 'ready', orders: listState.items, hasMore, stale: listState.stale }
        : { status: listState.status },
    [listState, hasMore],
  );
  const { refetch } = query;
  const refresh = useCallback(async () => void (await refetch()), [refetch]);
  return { state, loadingMore: list.loadingMore, loadMore: list.loadMore, refresh, retry: () => void list.retry() };
}
