import { useCallback, useMemo, useState } from 'react';
import { ordersApi } from '../../../../shared/contract/orders';
import type { CustomerOrderDto, CustomerOrdersPageDto } from '../../../../shared/schemas/checkout';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { usePolling, type PolledState } from './use-polling';

interface Older {
  api: unknown;
  /** Every order shown so far below the first page (kept even when new ones push them off it). */
  orders: CustomerOrderDto[];
  next: number | null;
}

/**
 * The customer's orders (GET /api/vps/orders), newest first, 50 at a time. The first page is read
 * again every 10 s while the page is visible (the browser revalidates it with its ETag: an
 * unchanged list is a 304 without a body); 'Charger plus' adds the next page once. `state.data` is
 * everything shown; `replace` puts in an order a payment just answered.
 */
export function useCustomerOrders() {
  const api = useAuthedApi();
  const read = useCallback(async (signal: AbortSignal): Promise<CustomerOrdersPageDto> => api.call(ordersApi.list, {}, { signal }), [api]);
  const { state: first, retry, replace: replaceFirst } = usePolling({ load: api.token ? read : null });
  const [older, setOlder] = useState<Older | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const shownOlder = older && older.api === api ? older : null;

  const state: PolledState<CustomerOrderDto[]> = useMemo(() => {
    if (first.status !== 'ready') return first;
    const onFirst = new Set(first.data.orders.map((o) => o.id));
    const below = (shownOlder?.orders ?? []).filter((o) => !onFirst.has(o.id));
    return { status: 'ready', stale: first.stale, data: [...first.data.orders, ...below] };
  }, [first, shownOlder]);
  const next = shownOlder ? shownOlder.next : first.status === 'ready' ? first.data.next : null;

  const loadMore = useCallback(async () => {
    if (next === null || loadingMore || state.status !== 'ready') return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await api.call(ordersApi.list, { query: { before: next } });
      const seen = new Set(state.data.map((o) => o.id));
      setOlder({ api, orders: [...state.data, ...page.orders.filter((o) => !seen.has(o.id))], next: page.next });
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [api, next, loadingMore, state]);

  const replace = useCallback(
    (change: (orders: CustomerOrderDto[]) => CustomerOrderDto[]) => {
      replaceFirst((page) => ({ ...page, orders: change(page.orders) }));
      setOlder((now) => (now ? { ...now, orders: change(now.orders) } : now));
    },
    [replaceFirst],
  );
  return { state, retry, replace, hasMore: next !== null, loadMore, loadingMore, moreFailed };
}
