import type { PaymentAdapters } from '../../providers/payments/index';
import type { PaymentProvider } from '../../providers/payments/types';
import type { OrderRow } from '../orders/orders.repo';
import type { PaymentEvents } from './payment-events.service';
import { createSettleAtProvider } from './settle-at-provider';
import { systemClock } from '../../clock/clock';

const PROVIDER_OF_METHOD: Partial<Record<string, PaymentProvider>> = { card: 'stripe', paypal: 'paypal', mollie: 'mollie' };
const MIN_INTERVAL_MS = 5_000;

/**
 * Asks the provider about an unpaid order's open payment, for the pages that wait on it: a
 * notification that is late or never comes (a webhook URL the provider cannot reach) must not leave
 * a paid order unpaid. What the provider answers goes through the same payment events, so the
 * webhook arriving later adds nothing. A PayPal order the buyer approved (or a Mollie hold) is
 * captured here too, as its webhook would. At most one question per order every few seconds.
 */
export function createPaymentReconciler(deps: { adapters: PaymentAdapters; events: PaymentEvents; now?: () => number }) {
  const lastAsked = new Map<number, number>();
  const now = deps.now ?? (() => systemClock.now().getTime());
  const settle = createSettleAtProvider(deps);

  return async function reconcile(order: OrderRow): Promise<boolean> {
    const provider = order.payment_method ? PROVIDER_OF_METHOD[order.payment_method] : undefined;
    if (order.status !== 'unpaid' || !order.provider_ref || !provider) return false;
    const adapter = deps.adapters[provider];
    if (adapter.mode !== 'live') return false; // the sandbox page reports through its own path
    const previous = lastAsked.get(order.id) ?? 0;
    if (now() - previous < MIN_INTERVAL_MS) return false;
    lastAsked.set(order.id, now());
    if (lastAsked.size > 10_000) lastAsked.clear(); // a bounded memory, not a cache to keep

    try {
      const event = await adapter.fetchPayment(order.provider_ref);
      if (!event || (event.outcome !== 'paid' && event.outcome !== 'authorized')) return false;
      return (await settle(event)).outcome === 'paid';
    } catch {
      return false; // the provider is down: the page shows the order as it is, the sweep asks again
    }
  };
}

export type PaymentReconciler = ReturnType<typeof createPaymentReconciler>;
