import { useEffect, useState } from 'react';
import { ordersApi } from '../../../../shared/contract/orders';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { ApiError } from '../../api/client';
import { useAuthedApi } from '../../app/session/use-authed-api';

export const POLL_INTERVAL_MS = 2_000;
/** After this the page stops asking and says the confirmation will show in the panel. */
export const POLL_TIMEOUT_MS = 60_000;

export type ConfirmationState =
  | { status: 'waiting' }
  | { status: 'slow' }
  | { status: 'not_found' }
  /** The order left 'unpaid': paid (pending, in_progress, paid) or cancelled. */
  | { status: 'settled'; order: CustomerOrderDto };

/**
 * The provider's webhook, not the redirect, marks an order paid, and it may land a little after the
 * customer. So: ask at once, then every 2 s while the order is unpaid, for 60 s at most. One call at
 * a time: the next is scheduled only when the previous answered.
 */
export function useOrderConfirmation(orderId: number | null): ConfirmationState {
  const api = useAuthedApi();
  // Kept with the order and the session it was asked for: another one's answer reads as 'waiting'.
  const [answer, setAnswer] = useState<{ orderId: number; api: typeof api; state: ConfirmationState } | null>(null);

  useEffect(() => {
    if (orderId === null || !api.token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    const setState = (state: ConfirmationState) => setAnswer({ orderId, api, state });

    const check = async () => {
      try {
        const { order } = await api.call(ordersApi.get, { params: { id: String(orderId) } });
        if (!live) return;
        if (order.status !== 'unpaid') return setState({ status: 'settled', order });
      } catch (error) {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) return setState({ status: 'not_found' });
        // Offline or a server hiccup: the next round asks again.
      }
      if (Date.now() - startedAt + POLL_INTERVAL_MS > POLL_TIMEOUT_MS) setState({ status: 'slow' });
      else timer = setTimeout(() => void check(), POLL_INTERVAL_MS);
    };
    void check();

    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, orderId]);

  return answer && answer.orderId === orderId && answer.api === api ? answer.state : WAITING;
}

const WAITING: ConfirmationState = { status: 'waiting' };
