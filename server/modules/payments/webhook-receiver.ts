import type { PaymentAdapters } from '../../providers/payments/index';
import type { PaymentProvider, WebhookRequest } from '../../providers/payments/types';
import type { EventOutcome, PaymentEvents } from './payment-events.service';

/**
 * A provider's notification from the wire to the order: the adapter verifies and normalises it,
 * payment events apply it. A PayPal approval is captured first (PayPal makes the capture
 * idempotent): a customer who closed the tab after approving still pays, exactly once, and if the
 * capture fails nothing is recorded, so PayPal's redelivery tries again. An approval for an order
 * already paid (or whose checkout was closed) is not captured: no second payment is taken.
 */
export function createWebhookReceiver(deps: { adapters: PaymentAdapters; events: PaymentEvents }) {
  const { adapters, events } = deps;

  return {
    async receive(provider: PaymentProvider, request: WebhookRequest): Promise<EventOutcome> {
      const adapter = adapters[provider];
      const event = await adapter.parseWebhook(request);
      if (event.eventType === 'CHECKOUT.ORDER.APPROVED' && adapter.capture && (await events.capturable(event))) {
        const captured = await adapter.capture(event.providerPaymentId);
        await events.apply(event);
        return (await events.apply(captured)).outcome;
      }
      return (await events.apply(event)).outcome;
    },
  };
}

export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>;
