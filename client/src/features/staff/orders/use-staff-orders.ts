import { useCallback, useEffect, useRef, useState } from 'react';
import { staffOrdersApi } from '../../../../../shared/contract/staff-orders';
import type { StaffOrderDto } from '../../../../../shared/schemas/staff/orders';
import { ApiError } from '../../../api/client';
import { useStaffApi } from '../use-staff-api';
import { useTenSecondRefresh } from '../use-ten-second-refresh';
import { mergeById } from '../merge-by-id';

/** Spec §9: the staff orders page size (the server's largest). */
export const ORDERS_PAGE_SIZE = 50;

export type OrdersState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `stale`: the last refresh failed and the rows are the previous answer. */
  /** `next`: the cursor of the page after the last one shown; `lastPageFull`: whether there is one. */
  | { status: 'ready'; orders: StaffOrderDto[]; pages: number; lastPageFull: boolean; next: number | null; stale: boolean };

interface Listing {
  orders: StaffOrderDto[];
  next: number | null;
}

/**
 * The staff order list (GET /api/admin/orders, 50 a page, each page after the previous one's last
 * order). Every 10 s the pages already shown are read again and merged by id: changed rows update in place, new ones appear, orders that left the
 * list (assigned, cancelled) go. 'Charger plus' adds the next page. A 403 `off_duty` calls
 * `onOffDuty` (the agent's duty ended elsewhere).
 */
export function useStaffOrders(userId: number, active: boolean, onOffDuty: () => void) {
  const api = useStaffApi();
  // Kept with the agent and the api it was read with: another one's list reads as 'loading'.
  const [shown, setShown] = useState<{ userId: number; api: typeof api; state: OrdersState } | null>(null);
  const state: OrdersState = shown && shown.userId === userId && shown.api === api ? shown.state : LOADING;
  const setState = useCallback(
    (change: (now: OrdersState) => OrdersState) =>
      setShown((now) => ({ userId, api, state: change(now && now.userId === userId && now.api === api ? now.state : LOADING) })),
    [userId, api],
  );
  // Becoming active again starts over from 'loading' (adjusted while rendering, not in an effect).
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    if (active) setShown(null);
  }
  const [loadingMore, setLoadingMore] = useState(false);
  // The latest state for the callbacks below, which must not change identity on every answer.
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  // Bumped by every change made here (load more, an action): an older read's answer is dropped.
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    controller.current = new AbortController();
    return () => controller.current?.abort();
  }, []);

  /** `count` pages from the one after `after` (the first page without it), following each page's cursor. */
  const readPages = useCallback(
    async (after: number | undefined, count: number): Promise<Listing> => {
      const orders: StaffOrderDto[] = [];
      let next: number | null = after ?? null;
      for (let page = 0; page < count; page += 1) {
        const answer = await api.call(
          staffOrdersApi.list,
          { query: { userId, after: page === 0 ? after : (next ?? undefined), limit: ORDERS_PAGE_SIZE } },
          { signal: controller.current?.signal },
        );
        orders.push(...answer.orders);
        next = answer.next;
        if (next === null) break;
      }
      return { orders, next };
    },
    [api, userId],
  );

  const handleFailure = useCallback(
    (error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiError && error.status === 403 && error.error === 'off_duty') {
        onOffDuty();
        return;
      }
      setState((current) => (current.status === 'ready' ? { ...current, stale: true } : { status: 'failed' }));
    },
    [onOffDuty, setState],
  );

  /** Reads again every page shown (page 1 on the first load). */
  const refresh = useCallback(async () => {
    const asked = ++generation.current;
    const current = stateRef.current;
    const pages = current.status === 'ready' ? current.pages : 1;
    try {
      const listing = await readPages(undefined, pages);
      if (asked !== generation.current) return;
      setState((now) => {
        const previous = now.status === 'ready' ? now.orders : [];
        return {
          status: 'ready',
          orders: mergeById(previous, listing.orders),
          pages,
          lastPageFull: listing.next !== null,
          next: listing.next,
          stale: false,
        };
      });
    } catch (error) {
      if (asked === generation.current) handleFailure(error);
    }
  }, [readPages, handleFailure, setState]);

  useEffect(() => {
    if (active) void refresh();
  }, [active, refresh]);
  useTenSecondRefresh(refresh, active && state.status === 'ready');

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== 'ready' || loadingMore || current.next === null) return;
    const asked = ++generation.current;
    setLoadingMore(true);
    try {
      const next = await readPages(current.next, 1);
      if (asked !== generation.current) return;
      setState((now) =>
        now.status === 'ready'
          ? {
              ...now,
              orders: mergeById(now.orders, [...now.orders, ...next.orders]),
              pages: now.pages + 1,
              lastPageFull: next.next !== null,
              next: next.next,
            }
          : now,
      );
    } catch (error) {
      if (asked === generation.current) handleFailure(error);
    } finally {
      setLoadingMore(false);
    }
  }, [readPages, handleFailure, loadingMore, setState]);

  /** Puts an action's answer in at once (the next read confirms it). */
  const updateOrder = useCallback(
    (order: StaffOrderDto) => {
      generation.current += 1;
      setState((now) => (now.status === 'ready' ? { ...now, orders: now.orders.map((row) => (row.id === order.id ? order : row)) } : now));
    },
    [setState],
  );

  /** An order that left the list (a VPS was assigned: it is paid now). */
  const dropOrder = useCallback(
    (orderId: number) => {
      generation.current += 1;
      setState((now) => (now.status === 'ready' ? { ...now, orders: now.orders.filter((row) => row.id !== orderId) } : now));
    },
    [setState],
  );

  const retry = useCallback(() => {
    setState(() => LOADING);
    void refresh();
  }, [refresh, setState]);

  return { state, loadingMore, loadMore, refresh, retry, updateOrder, dropOrder };
}

const LOADING: OrdersState = { status: 'loading' };
