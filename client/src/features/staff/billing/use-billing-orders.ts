import { useCallback, useEffect, useRef, useState } from 'react';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import type { BillingFilter, BillingOrderDto } from '../../../../../shared/schemas/staff';
import { mergeById } from '../merge-by-id';
import { useStaffApi } from '../use-staff-api';

export type BillingState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `stale`: the last refresh failed and the rows are the previous answer. */
  | { status: 'ready'; orders: BillingOrderDto[]; pages: number; hasMore: boolean; stale: boolean };

/**
 * One Billing filter's orders (GET /api/admin/billing, 50 a page). `refresh` reads again every page
 * shown, after each action; 'Charger plus' adds the next page. Changing the filter starts over.
 */
export function useBillingOrders(filter: BillingFilter) {
  const api = useStaffApi();
  const [state, setState] = useState<BillingState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  // Bumped by every read: the answer of an older one (another filter, say) is dropped.
  const generation = useRef(0);

  const readPages = useCallback(
    async (from: number, to: number) => {
      const orders: BillingOrderDto[] = [];
      let hasMore = false;
      for (let page = from; page <= to; page += 1) {
        const answer = await api.call(staffBillingApi.list, { query: { filter, page } });
        orders.push(...answer.orders);
        hasMore = answer.hasMore;
      }
      return { orders, hasMore };
    },
    [api, filter],
  );

  const refresh = useCallback(async () => {
    const asked = ++generation.current;
    const current = stateRef.current;
    const pages = current.status === 'ready' ? current.pages : 1;
    try {
      const listing = await readPages(1, pages);
      if (asked !== generation.current) return;
      setState((now) => ({
        status: 'ready',
        orders: mergeById(now.status === 'ready' ? now.orders : [], listing.orders),
        pages,
        hasMore: listing.hasMore,
        stale: false,
      }));
    } catch {
      if (asked !== generation.current) return;
      setState((now) => (now.status === 'ready' ? { ...now, stale: true } : { status: 'failed' }));
    }
  }, [readPages]);

  useEffect(() => {
    stateRef.current = { status: 'loading' };
    setState({ status: 'loading' });
    void refresh();
  }, [refresh]);

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== 'ready' || loadingMore) return;
    const asked = ++generation.current;
    setLoadingMore(true);
    try {
      const next = await readPages(current.pages + 1, current.pages + 1);
      if (asked !== generation.current) return;
      setState((now) =>
        now.status === 'ready' ? { ...now, orders: mergeById(now.orders, [...now.orders, ...next.orders]), pages: now.pages + 1, hasMore: next.hasMore } : now,
      );
    } catch {
      if (asked === generation.current) setState((now) => (now.status === 'ready' ? { ...now, stale: true } : now));
    } finally {
      setLoadingMore(false);
    }
  }, [readPages, loadingMore]);

  const retry = useCallback(() => {
    stateRef.current = { status: 'loading' };
    setState({ status: 'loading' });
    void refresh();
  }, [refresh]);

  return { state, loadingMore, loadMore, refresh, retry };
}
