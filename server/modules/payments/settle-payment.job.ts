import type { Logger } from 'pino';
import type { PaymentEvents } from './payment-events.service';
import type { SettlePaymentJob } from './payment-follow-ups';
import type { SettleAtProvider } from './settle-at-provider';

/**
 * Settles a notification the webhook recorded and queued (settle-at-provider.ts): the approval or
 * hold is captured, or released when the order no longer takes money, and what it did is kept on
 * the notification's row. A provider that fails throws and the job is retried; the capture is
 * idempotent at the provider and the payment unique per money movement, so a retry pays once.
 */
export function createSettlePayment(deps: {
  settle: SettleAtProvider;
  events: Pick<PaymentEvents, 'noteSettled'>;
  logger: Pick<Logger, 'info'>;
}) {
  const { settle, events, logger } = deps;
  return async function settlePayment({ event }: SettlePaymentJob): Promise<void> {
    const { outcome } = await settle(event, { recorded: true });
    await events.noteSettled(event, outcome);
    logger.info({ provider: event.provider, eventId: event.eventId, orderId: event.orderId, outcome }, 'queued payment event settled');
  };
}
