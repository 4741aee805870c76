import { systemClock, type Clock } from '../../clock/clock';
import { webhookLag } from '../../metrics/instruments';
import type { PaymentAdapters } from '../../providers/payments/index';
import type { PaymentEvent, PaymentProvider, WebhookRequest } from '../../providers/payments/types';
import type { EventOutcome, PaymentEvents } from './payment-events.service';

/**
 * A provider's notification from the wire to the order: the adapter verifies and normalises it.
 * News that only our database needs (paid, failed, cancelled) is applied at once. A PayPal
 * approval or a Mollie hold needs a call back to the provider (capture, or release): it is recorded
 * and left to the settle job (settle-payment.job.ts), so the provider's request never waits on the
 * provider's own API and a slow capture cannot make the webhook time out and be redelivered.
 */
export function createWebhookReceiver(deps: {
  adapters: PaymentAdapters;
  events: Pick<PaymentEvents, 'apply' | 'queueSettlement'>;
  clock?: Clock;
}) {
  const { adapters, events, clock = systemClock } = deps;

  /** payment_webhook_lag_seconds: from the provider's event time when it sent one, else from the arrival. */
  function recordLag(event: PaymentEvent, arrivedMs: number): void {
    const nowMs = clock.now().getTime();
    const fromEvent = event.occurredAtMs !== undefined;
    const since = fromEvent ? event.occurredAtMs! : arrivedMs;
    webhookLag.observe(
      { provider: event.provider, measured_from: fromEvent ? 'provider_event' : 'arrival' },
      Math.max(0, nowMs - since) / 1000,
    );
  }

  return {
    async receive(provider: PaymentProvider, request: WebhookRequest): Promise<EventOutcome> {
      const arrivedMs = clock.now().getTime();
      const event = await adapters[provider].parseWebhook(request);
      const outcome = event.outcome === 'authorized' ? await events.queueSettlement(event) : (await events.apply(event)).outcome;
      recordLag(event, arrivedMs);
      return outcome;
    },
  };
}

export type WebhookReceiver = ReturnType<typeof createWebhookReceiver>;
