import type { PaymentAdapters } from '../../providers/payments/index';
import type { PaymentProvider, WebhookRequest } from '../../providers/payments/types';
import type { EventOutcome, PaymentEvents } from './payment-events.service';

/**
 * A provider's notification from the wire to the order: the adapter verifies and normalises it.
 * News that only our database needs (paid, failed, cancelled) is applied at once. A PayPal
 * approval or a Mollie hold needs a call back to the provider (capture, or release): it is recorded
 * and left to the settle job (settle-payment.job.ts), so the provider's request never waits on the
 * provider's own API and a slow capture cannot make the webhook time out and be redelivered.
 */
export function createWebhookReceiver(deps: { adapters: PaymentAdapters; events: Pick<PaymentEvents, 'apply' | 'queueSettlement'> }) {
  const { adapters, events } = deps;

  return {
    async receive(provider: PaymentProvider, request: WebhookRequest): Promise<EventOutcome> {
      const event = await adapters[provider].parseWebhook(request);
      if (event.outcome === 'authorized') return events.queueSettlement(event);
      return (await events.apply(event)).outcome;
    },
  };
}

export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>;
