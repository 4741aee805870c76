import type { Knex } from 'knex';
import type { JobQueue } from '../../jobs/job-queue';
import type { PaymentEvent } from '../../providers/payments/types';
import { CLOSE_PAYMENTS_QUEUE, REFUND_PAYMENT_QUEUE } from '../../jobs/queues';
import { hasOpenPaymentSessions } from './payment-sessions.repo';
import { insertPaymentRefund, type NewPaymentRefund } from './payment-refunds.repo';

// What a payment decision leaves for after the commit: the provider calls happen in jobs enqueued
// in the deciding transaction, never inside it (DESIGN.md: no network call in a transaction).

export interface ClosePaymentsJob {
  orderId: number;
}

export interface RefundPaymentJob {
  refundId: number;
}

/** A verified notification whose capture (or release) at the provider runs after the webhook answered. */
export interface SettlePaymentJob {
  event: PaymentEvent;
}

/** The order no longer takes money: its checkouts still open at providers are closed by a job. */
export async function closeOpenPaymentsLater(trx: Knex, jobs: JobQueue, orderId: number): Promise<void> {
  if (!(await hasOpenPaymentSessions(trx, orderId))) return;
  const job: ClosePaymentsJob = { orderId };
  await jobs.send(trx, CLOSE_PAYMENTS_QUEUE.name, job, { singletonKey: `close-payments-${orderId}` });
}

/**
 * Records a refund to make through the provider and enqueues it; answers the refund's id, or null
 * when this payment already has its automatic refund (the same notification seen again).
 */
export async function refundLater(trx: Knex, jobs: JobQueue, refund: NewPaymentRefund, at: Date): Promise<number | null> {
  const refundId = await insertPaymentRefund(trx, refund, at);
  if (refundId === null) return null;
  const job: RefundPaymentJob = { refundId };
  await jobs.send(trx, REFUND_PAYMENT_QUEUE.name, job, { singletonKey: `refund-${refundId}` });
  return refundId;
}
