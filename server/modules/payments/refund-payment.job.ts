import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { PaymentAdapters } from '../../providers/payments/index';
import { PaymentProviderError } from '../../providers/payments/types';
import { writeAudit } from '../audit/audit.repo';
import { findUserById } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { queueOrderNotice } from '../orders/order-notice';
import { findOrder } from '../orders/orders.repo';
import type { RefundPaymentJob } from './payment-follow-ups';
import { findPaymentRefund, markRefunded, markRefundFailed, updatePaymentRefundState, type PaymentRefundRow } from './payment-refunds.repo';

/**
 * Sends one recorded refund to its provider, after the commit that decided it. The refund's own
 * idempotency key goes with every attempt, so a retry after a lost answer gets the first refund
 * back instead of a second one. Success: the refund row, the payment record and the audit say so.
 * Failure: the row keeps the error for staff (audited once), a warning is logged, and the job is
 * retried; a refund is never dropped. The customer is mailed an automatic refund (money that came
 * for an order already cancelled or paid) once it went through; staff refunds have their credit note.
 */
export function createRefundPayment(deps: {
  db: Knex;
  adapters: PaymentAdapters;
  mailer: Mailer;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
}) {
  const { db, adapters, mailer, clock, logger } = deps;

  /** "Your payment was refunded", in the refund's transaction, once per refund. */
  async function queueRefundMail(trx: Knex, refund: PaymentRefundRow, providerRefundId: string): Promise<number | null> {
    if (refund.reason === 'staff' || refund.order_id === null) return null;
    const order = await findOrder(trx, refund.order_id);
    const customer = order && (await findUserById(trx, order.user_id));
    if (!order || !customer) return null;
    return queueOrderNotice(trx, mailer, order, customer, {
      template: 'paymentRefunded',
      dedupeKey: `payment-refunded-${refund.id}`,
      extraDetails: [['reference', providerRefundId]],
    });
  }

  const facts = (refund: PaymentRefundRow) => ({
    refundId: refund.id,
    provider: refund.provider,
    payment: refund.provider_payment_id,
    amountCents: refund.amount_cents,
    currency: refund.currency,
    reason: refund.reason,
  });

  async function recordFailure(refund: PaymentRefundRow, reason: string): Promise<void> {
    await db.transaction(async (trx) => {
      const attempts = await markRefundFailed(trx, refund.id, reason, clock.now());
      if (attempts === 1 && refund.order_id !== null) {
        await writeAudit(trx, {
          actorId: null,
          action: 'payment.refund_failed',
          entityType: 'order',
          entityId: refund.order_id,
          after: { ...facts(refund), error: reason, retried: true },
        });
      }
    });
  }

  return async function refundPayment({ refundId }: RefundPaymentJob): Promise<void> {
    const refund = await findPaymentRefund(db, refundId);
    if (!refund || refund.status === 'refunded') return; // done by an earlier run
    let result;
    try {
      result = await adapters[refund.provider].refund({
        paymentRef: refund.provider_payment_id,
        amountCents: refund.amount_cents,
        currency: refund.currency,
        idempotencyKey: refund.idempotency_key,
      });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      await recordFailure(refund, err.message);
      logger.warn(
        { ...facts(refund), orderId: refund.order_id, reason: err.message },
        'refund through the provider failed, will be retried',
      );
      throw err;
    }
    const mailId = await db.transaction(async (trx) => {
      await markRefunded(trx, refund.id, result, clock.now());
      await updatePaymentRefundState(trx, refund.payment_id);
      if (refund.order_id !== null) {
        await writeAudit(trx, {
          actorId: refund.requested_by,
          action: 'payment.refunded',
          entityType: 'order',
          entityId: refund.order_id,
          after: { ...facts(refund), providerRefundId: result.refundId, providerStatus: result.status },
        });
      }
      return queueRefundMail(trx, refund, result.refundId);
    });
    if (mailId !== null) mailer.send([mailId]);
    logger.info({ ...facts(refund), orderId: refund.order_id, providerStatus: result.status }, 'refunded through the provider');
  };
}
