import { useCallback, useEffect, useRef, useState } from 'react';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import type { BillingFilter, BillingOrderDto } from '../../../../../shared/schemas/staff/billing';
import { mergeById } from '../merge-by-id';
import { useStaffApi } from '../use-staff-api';

export type BillingState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `stale`: the last refresh failed and the rows are the previous answer. */
  /** `next`: the cursor of the page after the last one shown (null: there is none). */
  | { status: 'ready'; orders: BillingOrderDto[]; pages: number; hasMore: boolean; next: number | null; stale: boolean };

/**
 * One Billing filter's orders (GET /api/admin/billing, 50 a page, each page after the previous
 * one's last order). `refresh` reads again every page shown, after each action; 'Charger plus'
 * adds the next page. Changing the filter starts over.
 */
export function useBillingOrders(filter: BillingFilter) {
  const api = useStaffApi();
  // Kept with the filter and the api it was read with: another filter reads as 'loading' (starts over).
  const [shown, setShown] = useState<{ filter: BillingFilter; api: typeof api; state: BillingState } | null>(null);
  const state: BillingState = shown && shown.filter === filter && shown.api === api ? shown.state : LOADING;
  const setState = useCallback(
    (change: (now: BillingState) => BillingState) =>
      setShown((now) => ({ filter, api, state: change(now && now.filter === filter && now.api === api ? now.state : LOADING) })),
    [filter, api],
  );
  const [loadingMore, setLoadingMore] = useState(false);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  // Bumped by every read: the answer of an older one (another filter, say) is dropped.
  const generation = useRef(0);

  /** `count` pages from the one after `after` (the first page without it), following each page's cursor. */
  const readPages = useCallback(
    async (after: number | undefined, count: number) => {
      const orders: BillingOrderDto[] = [];
      let next: number | null = after ?? null;
      for (let page = 0; page < count; page += 1) {
        const answer = await api.call(staffBillingApi.list, { query: { filter, after: page === 0 ? after : (next ?? undefined) } });
        orders.push(...answer.orders);
        next = answer.next;
        if (next === null) break;
      }
      return { orders, next };
    },
    [api, filter],
  );

  const refresh = useCallback(async () => {
    const asked = ++generation.current;
    const current = stateRef.current;
    const pages = current.status === 'ready' ? current.pages : 1;
    try {
      const listing = await readPages(undefined, pages);
      if (asked !== generation.current) return;
      setState((now) => ({
        status: 'ready',
        orders: mergeById(now.status === 'ready' ? now.orders : [], listing.orders),
        pages,
        hasMore: listing.next !== null,
        next: listing.next,
        stale: false,
      }));
    } catch {
      if (asked !== generation.current) return;
      setState((now) => (now.status === 'ready' ? { ...now, stale: true } : { status: 'failed' }));
    }
  }, [readPages, setState]);

  useEffect(() => {
    stateRef.current = LOADING; // the state above already reads 'loading' for a new filter
    void refresh();
  }, [refresh]);

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== 'ready' || loadingMore || current.next === null) return;
    const asked = ++generation.current;
    setLoadingMore(true);
    try {
      const more = await readPages(current.next, 1);
      if (asked !== generation.current) return;
      setState((now) =>
        now.status === 'ready'
          ? {
              ...now,
              orders: mergeById(now.orders, [...now.orders, ...more.orders]),
              pages: now.pages + 1,
              hasMore: more.next !== null,
              next: more.next,
            }
          : now,
      );
    } catch {
      if (asked === generation.current) setState((now) => (now.status === 'ready' ? { ...now, stale: true } : now));
    } finally {
      setLoadingMore(false);
    }
  }, [readPages, loadingMore, setState]);

  const retry = useCallback(() => {
    stateRef.current = LOADING;
    setState(() => LOADING);
    void refresh();
  }, [refresh, setState]);

  return { state, loadingMore, loadMore, refresh, retry };
}

const LOADING: BillingState = { status: 'loading' };
