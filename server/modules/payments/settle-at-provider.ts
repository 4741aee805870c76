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
 * taken for an order that is gone. A failed capture throws and records nothing: the settle job's
 * retry or the sweep's next slot tries again. `recorded`: the notification's own row was already
 * written (a webhook queued it for the settle job), so only what the provider answers is applied.
 */
export function createSettleAtProvider(deps: { adapters: PaymentAdapters; events: Pick<PaymentEvents, 'apply' | 'capturable'> }) {
  const { adapters, events } = deps;

  return async function settleAtProvider(
    event: PaymentEvent,
    options: { recorded?: boolean } = {},
  ): Promise<{ outcome: EventOutcome; released?: boolean }> {
    if (event.outcome !== 'authorized') return { outcome: (await events.apply(event)).outcome };
    const record = async (): Promise<EventOutcome> => (options.recorded ? 'ignored' : (await events.apply(event)).outcome);
    const adapter = adapters[event.provider];
    if (adapter.capture && (await events.capturable(event))) {
      const captured = await adapter.capture(event.providerPaymentId);
      await record();
      return { outcome: (await events.apply(captured)).outcome };
    }
    const released = (await adapter.closePayment(event.providerPaymentId)) === 'closed';
    return { outcome: await record(), released };
  };
}

export type SettleAtProvider = ReturnType<typeof createSettleAtProvider>;
