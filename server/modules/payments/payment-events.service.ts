import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PaymentMethod } from '../../../shared/constants';
import { systemClock, type Clock } from '../../clock/clock';
import type { JobQueue } from '../../jobs/job-queue';
import type { DocumentIssuer } from '../invoices/document-issuer';
import type { PaymentEvent, PaymentProvider } from '../../providers/payments/types';
import { writeAudit } from '../audit/audit.repo';
import { canTransition } from '../orders/order-lifecycle';
import { findOrder, lockOrder, type OrderRow } from '../orders/orders.repo';
import { SETTLE_PAYMENT_QUEUE } from '../../jobs/queues';
import { refundLater, type SettlePaymentJob } from './payment-follow-ups';
import { insertPaymentOnce, recordWebhookEvent, setWebhookOutcome, setWebhookOutcomeByEvent } from './payment-records.repo';
import { findPaymentSession, markPaymentSessionPaid } from './payment-sessions.repo';
import { settleOrder } from './settle-order';
import { paymentEventsTotal } from '../../metrics/instruments';

/** What a notification did; kept on its webhook_events row and returned to the caller. */
export type EventOutcome =
  | 'duplicate' // this exact notification was already handled
  | 'ignored'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'paid'
  | 'payment_already_recorded' // another notification already recorded this money movement
  | 'paid_twice' // a second, different payment for a settled order: refunded through the provider by a job
  | 'paid_after_cancel'
  | 'payment_failed'
  | 'payment_cancelled'
  | 'queued'; // recorded; the settle job does the provider work (a capture) after the answer

export const PROVIDER_METHOD: Record<PaymentProvider, PaymentMethod> = { stripe: 'card', paypal: 'paypal', mollie: 'mollie' };

/**
 * The one place a payment changes an order, for every provider and the sandbox. One transaction:
 * the notification is recorded under its unique (provider, event id), so a replay or a concurrent
 * duplicate does nothing; the order row is locked; the amount must be the order's; the payment row
 * is unique per money movement; the order takes the lifecycle's `paid` event once (settleOrder),
 * dated by the clock, and the follow-up job is enqueued in the same commit. Money for an order
 * already settled or cancelled is recorded, and its refund through the provider enqueued with it.
 */
export function createPaymentEvents(deps: {
  db: Knex;
  jobs: JobQueue;
  documents: DocumentIssuer;
  logger: Pick<Logger, 'info' | 'warn'>;
  clock?: Clock;
}) {
  const { db, jobs, documents, logger } = deps;
  const clock = deps.clock ?? systemClock;

  async function apply(event: PaymentEvent): Promise<{ outcome: EventOutcome; orderId: number | null }> {
    const outcome = await db.transaction(async (trx) => {
      const eventRowId = await recordWebhookEvent(trx, event);
      if (eventRowId === null) return 'duplicate' as const;
      const order = event.orderId === null ? undefined : await lockOrder(trx, event.orderId);
      const result = order ? await applyToOrder(trx, event, order) : ('unknown_order' as const);
      await setWebhookOutcome(trx, eventRowId, result, order?.id ?? null);
      return result;
    });
    paymentEventsTotal.inc({ provider: event.provider, outcome });
    if (outcome !== 'duplicate' && outcome !== 'ignored') {
      const log = outcome === 'amount_mismatch' || outcome === 'paid_twice' || outcome === 'paid_after_cancel' ? logger.warn : logger.info;
      log.call(logger, { provider: event.provider, eventId: event.eventId, orderId: event.orderId, outcome }, 'payment event');
    }
    return { outcome, orderId: event.orderId };
  }

  async function applyToOrder(trx: Knex, event: PaymentEvent, order: OrderRow): Promise<EventOutcome> {
    switch (event.outcome) {
      case 'ignored':
      case 'authorized': // held or approved, not taken: what the caller captured is applied next
        return 'ignored';
      case 'failed':
        await audit(trx, order, 'payment.failed', { provider: event.provider, payment: event.providerPaymentId });
        return 'payment_failed';
      case 'cancelled':
        // The customer left the provider's page or the session expired: the order stays unpaid and payable.
        await audit(trx, order, 'payment.cancelled', { provider: event.provider, payment: event.providerPaymentId });
        return 'payment_cancelled';
      case 'paid':
        return recordPayment(trx, event, order);
    }
  }

  async function recordPayment(trx: Knex, event: PaymentEvent, order: OrderRow): Promise<EventOutcome> {
    if (event.amountCents !== order.total_cents || event.currency.toUpperCase() !== order.currency) {
      await audit(trx, order, 'payment.amount_mismatch', {
        provider: event.provider,
        payment: event.providerPaymentId,
        amountCents: event.amountCents,
        currency: event.currency,
        expectedCents: order.total_cents,
        expectedCurrency: order.currency,
      });
      return 'amount_mismatch';
    }

    const paymentId = await insertPaymentOnce(
      trx,
      {
        order_id: order.id,
        user_id: order.user_id,
        provider: event.provider,
        provider_payment_id: event.providerPaymentId,
        event_type: event.eventType,
        amount_cents: event.amountCents,
        currency: event.currency.toUpperCase(),
        payload: event.payload,
      },
      clock.now(),
    );
    if (paymentId === null) return 'payment_already_recorded';
    await markPaymentSessionPaid(trx, event.provider, event.checkoutRef ?? event.providerPaymentId, clock.now());

    if (!canTransition(order, 'paid')) {
      // Money for an order already settled or cancelled: recorded, and given back through the provider.
      const reason = order.status === 'cancelled' ? 'paid_after_cancel' : 'paid_twice';
      const refundId = await refundLater(
        trx,
        jobs,
        {
          payment_id: paymentId,
          order_id: order.id,
          provider: event.provider,
          provider_payment_id: event.providerPaymentId,
          amount_cents: event.amountCents,
          currency: event.currency.toUpperCase(),
          reason,
          requested_by: null,
        },
        clock.now(),
      );
      const action = reason === 'paid_after_cancel' ? 'payment.received_after_cancel' : 'payment.received_twice';
      await audit(trx, order, action, { provider: event.provider, payment: event.providerPaymentId, refundId });
      return reason;
    }

    await settleOrder(trx, { jobs, clock, documents }, order, {
      method: PROVIDER_METHOD[event.provider],
      providerRef: event.providerPaymentId,
      actorId: null,
      auditAfter: { provider: event.provider, payment: event.providerPaymentId },
    });
    return 'paid';
  }

  /**
   * A notification that needs provider work (an approval or hold to capture) is recorded under its
   * unique (provider, event id) and its settle job enqueued in the same commit: the webhook answers
   * without waiting for the provider, and a redelivery finds the row and queues nothing.
   */
  async function queueSettlement(event: PaymentEvent): Promise<'queued' | 'duplicate'> {
    const outcome = await db.transaction(async (trx) => {
      const eventRowId = await recordWebhookEvent(trx, event);
      if (eventRowId === null) return 'duplicate' as const;
      await setWebhookOutcome(trx, eventRowId, 'queued', null);
      const job: SettlePaymentJob = { event };
      await jobs.send(trx, SETTLE_PAYMENT_QUEUE.name, job, { singletonKey: `settle-${event.provider}-${event.eventId}` });
      return 'queued' as const;
    });
    paymentEventsTotal.inc({ provider: event.provider, outcome });
    return outcome;
  }

  /** What the settle job did with a queued notification, kept on its row. */
  async function noteSettled(event: PaymentEvent, outcome: EventOutcome): Promise<void> {
    const order = event.orderId === null ? undefined : await findOrder(db, event.orderId);
    await setWebhookOutcomeByEvent(db, event, outcome, order?.id ?? null);
    paymentEventsTotal.inc({ provider: event.provider, outcome });
  }

  /**
   * Whether an approved PayPal order may still be captured: its order still takes a payment and
   * its checkout was not closed. Capturing is what takes the money, so once the order is paid
   * another way the approval is left to lapse at PayPal (Orders v2 has no void for it).
   */
  async function capturable(event: PaymentEvent): Promise<boolean> {
    const order = event.orderId === null ? undefined : await findOrder(db, event.orderId);
    if (!order || !canTransition(order, 'paid')) return false;
    const session = await findPaymentSession(db, event.provider, event.providerPaymentId);
    return session === undefined || session.status === 'open';
  }

  function audit(trx: Knex, order: OrderRow, action: string, after: Record<string, unknown>) {
    return writeAudit(trx, { actorId: null, action, entityType: 'order', entityId: order.id, before: { status: order.status }, after });
  }

  return { apply, capturable, queueSettlement, noteSettled };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
