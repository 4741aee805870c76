import { useCallback, useEffect, useRef, useState } from 'react';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { useAuthedApi } from '../../app/session/use-authed-api';
import { ORDERS_PATH, type OrdersResponse } from './panel-api';

export const REFRESH_INTERVAL_MS = 10_000; // spec §9

export type OrdersState =
  | { status: 'loading' }
  | { status: 'failed' }
  /** `stale`: the last refresh failed; the rows shown are the previous ones. */
  | { status: 'ready'; orders: CustomerOrderDto[]; stale: boolean };

/**
 * The customer's orders (GET /api/vps/orders), read again every 10 s while the page is visible.
 * A refresh never empties the screen: the rows stay until the new ones replace them, and an
 * unchanged answer changes nothing at all. A hidden tab stops asking and catches up when shown.
 */
export function useCustomerOrders() {
  const api = useAuthedApi();
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  const loadNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!api.token) return;
    let live = true;
    let inFlight = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();

    const schedule = () => {
      clearTimeout(timer);
      if (live && document.visibilityState !== 'hidden') timer = setTimeout(() => void load(), REFRESH_INTERVAL_MS);
    };

    // One call at a time: the next is scheduled only when this one answered.
    const load = async () => {
      if (inFlight) return;
      inFlight = true;
      clearTimeout(timer);
      try {
        const { orders } = await api.get<OrdersResponse>(ORDERS_PATH, { signal: controller.signal });
        if (live) setState((current) => (isSameList(current, orders) ? current : { status: 'ready', orders, stale: false }));
      } catch {
        // Only a first load with nothing on screen shows the error; a failed refresh keeps the rows.
        if (live) setState((current) => (current.status === 'ready' ? { ...current, stale: true } : { status: 'failed' }));
      } finally {
        inFlight = false;
        schedule();
      }
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') clearTimeout(timer);
      else void load();
    };

    loadNow.current = () => {
      setState((current) => (current.status === 'failed' ? { status: 'loading' } : current));
      void load();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    void load();
    return () => {
      live = false;
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [api]);

  const retry = useCallback(() => loadNow.current(), []);
  return { state, retry };
}

/** Same rows as on screen: keep the current state, so React has nothing to redraw. */
function isSameList(current: OrdersState, orders: CustomerOrderDto[]): boolean {
  return current.status === 'ready' && !current.stale && JSON.stringify(current.orders) === JSON.stringify(orders);
}
