import { useCallback, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { staffOrdersApi } from '../../../../../../shared/contract/staff-orders';
import type { StaffOrderDto } from '../../../../../../shared/schemas/staff/orders';
import { ApiError } from '../../../../api/client';
import { updateKeysetRows, useKeysetList } from '../../../../api/keyset-list';
import { REFRESH_MS } from '../../../../api/query-client';
import { staffKeys } from '../../api/staff-keys';
import { useStaffApi } from '../../use-staff-api';

/** Spec §9: the staff orders page size (the server's largest). */
export const ORDERS_PAGE_SIZE = 50;

export type OrdersState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `stale`: the last refresh failed and the rows are the previous answer; `lastPageFull`: there is a page after. */
  | { status: 'ready'; orders: StaffOrderDto[]; lastPageFull: boolean; stale: boolean };

const idOf = (order: StaffOrderDto) => order.id;
const isOffDuty = (error: unknown) => error instanceof ApiError && error.status === 403 && error.error === 'off_duty';

/**
 * The staff order list (GET /api/admin/orders, 50 a page, each page after the previous one's last
 * order). Every 10 s, while the page is visible, the pages already shown are read again and merged
 * by id: changed rows update in place, new ones appear, orders that left the list (assigned,
 * cancelled) go. 'Charger plus' adds the next page. A 403 `off_duty` calls `onOffDuty` (the
 * agent's duty ended elsewhere).
 */
export function useStaffOrders(userId: number, active: boolean, onOffDuty: () => void) {
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => staffKeys.orders(userId), [userId]);
  const list = useKeysetList(
    {
      queryKey,
      fetchPage: async (after, signal) => {
        const page = await api.call(
          staffOrdersApi.list,
          { query: { userId, after: after ?? undefined, limit: ORDERS_PAGE_SIZE } },
          { signal },
        );
        return { items: page.orders, next: page.next };
      },
      enabled: active,
      // Refreshed once a first answer is on screen; a first load that failed waits for 'Réessayer'.
      refetchInterval: (data) => (data ? REFRESH_MS : false),
    },
    idOf,
  );
  const { state: listState, hasMore, query } = list;
  const offDuty = isOffDuty(query.error);
  useEffect(() => {
    if (offDuty) onOffDuty();
  }, [offDuty, onOffDuty]);

  const state: OrdersState = useMemo(() => {
    if (listState.status === 'ready') return { status: 'ready', orders: listState.items, lastPageFull: hasMore, stale: listState.stale };
    // Off duty is the page's to say, not a failure of the list.
    return listState.status === 'failed' && !offDuty ? { status: 'failed' } : { status: 'loading' };
  }, [listState, hasMore, offDuty]);

  const { refetch } = query;
  const refresh = useCallback(async () => void (await refetch()), [refetch]);
  const change = useCallback(
    async (rows: (orders: StaffOrderDto[]) => StaffOrderDto[]) => {
      await queryClient.cancelQueries({ queryKey });
      updateKeysetRows(queryClient, queryKey, rows);
    },
    [queryClient, queryKey],
  );
  /** Puts an action's answer in at once (the next read confirms it). */
  const updateOrder = useCallback(
    (order: StaffOrderDto) => void change((rows) => rows.map((row) => (row.id === order.id ? order : row))),
    [change],
  );
  /** An order that left the list (a VPS was assigned: it is paid now). */
  const dropOrder = useCallback((orderId: number) => void change((rows) => rows.filter((row) => row.id !== orderId)), [change]);

  return { state, loadingMore: list.loadingMore, loadMore: list.loadMore, refresh, retry: () => void list.retry(), updateOrder, dropOrder };
}
