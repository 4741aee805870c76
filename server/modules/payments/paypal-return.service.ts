import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PaymentAdapters } from '../../providers/payments/index';
import { findOrder } from '../orders/orders.repo';
import type { PaymentEvents } from './payment-events.service';

/**
 * The customer is back from PayPal after approving: the order is captured now (the approval
 * webhook captures it too if the customer never comes back; PayPal keeps the capture idempotent).
 */
export function createPaypalReturn(deps: { db: Knex; adapters: PaymentAdapters; events: PaymentEvents }) {
  const { db, adapters, events } = deps;

  /** Answers the order's id when there is such an order, else null; a failed capture is logged, never thrown. */
  return async function captureOnReturn(
    orderId: number | undefined,
    token: string | undefined,
    log: Pick<Logger, 'warn'>,
  ): Promise<number | null> {
    const order = orderId === undefined ? undefined : await findOrder(db, orderId);
    if (!order) return null;
    const adapter = adapters.paypal;
    // Only the PayPal order this order is waiting for: a forged token captures nothing.
    if (order.status === 'unpaid' && token && token === order.provider_ref && adapter.capture) {
      try {
        await events.apply(await adapter.capture(token));
      } catch (err) {
        log.warn({ orderId, reason: err instanceof Error ? err.message : String(err) }, 'PayPal capture on return failed');
      }
    }
    return order.id;
  };
}
