import type { PaymentAdapters } from '../../providers/payments/index';
import type { PaymentProvider, WebhookRequest } from '../../providers/payments/types';
import type { EventOutcome, PaymentEvents } from './payment-events.service';
import { createSettleAtProvider } from './settle-at-provider';

/**
 * A provider's notification from the wire to the order: the adapter verifies and normalises it,
 * and it is settled like any other news from the provider (settle-at-provider.ts): a PayPal
 * approval or a Mollie hold is captured first, unless the order no longer takes money.
 */
export function createWebhookReceiver(deps: { adapters: PaymentAdapters; events: PaymentEvents }) {
  const { adapters } = deps;
  const settle = createSettleAtProvider(deps);

  return {
    async receive(provider: PaymentProvider, request: WebhookRequest): Promise<EventOutcome> {
      const event = await adapters[provider].parseWebhook(request);
      return (await settle(event)).outcome;
    },
  };
}

export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>;
