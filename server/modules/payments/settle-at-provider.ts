import type { PaymentAdapters } from '../../providers/payments/index';
import type { PaymentEvent } from '../../providers/payments/types';
import type { EventOutcome, PaymentEvents } from './payment-events.service';

/**
 * What the provider says about a payment, applied to its order the same way whoever learnt it (a
 * webhook, the page-view re-check, the reconciliation sweep). Money only held or approved
 * (`authorized`: a PayPal order the buyer approved, a Mollie hold) is captured while the order
 * still takes a payment: a customer who closed the tab after approving still pays, exactly once
 * (the providers keep captures idempotent). When the order no longer takes money the hold is
 * released instead (Mollie cancels the payment; a PayPal approval simply lapses), so nothing is
 * taken for an order that is gone. A failed capture throws and records nothing: the webhook's
 * redelivery or the sweep's next slot tries again.
 */
export function createSettleAtProvider(deps: { adapters: PaymentAdapters; events: Pick<PaymentEvents, 'apply' | 'capturable'> }) {
  const { adapters, events } = deps;

  return async function settleAtProvider(event: PaymentEvent): Promise<{ outcome: EventOutcome; released?: boolean }> {
    if (event.outcome !== 'authorized') return { outcome: (await events.apply(event)).outcome };
    const adapter = adapters[event.provider];
    if (adapter.capture && (await events.capturable(event))) {
      const captured = await adapter.capture(event.providerPaymentId);
      await events.apply(event);
      return { outcome: (await events.apply(captured)).outcome };
    }
    const released = (await adapter.closePayment(event.providerPaymentId)) === 'closed';
    return { outcome: (await events.apply(event)).outcome, released };
  };
}

export type SettleAtProvider = ReturnType<typeof createSettleAtProvider>;
