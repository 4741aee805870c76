import type { Knex } from 'knex';
import { systemClock, type Clock } from '../../server/clock/clock';
import { createJobQueue } from '../../server/jobs/job-queue';
import { CLOSE_PAYMENTS_QUEUE, REFUND_PAYMENT_QUEUE, SETTLE_PAYMENT_QUEUE } from '../../server/jobs/queues';
import { createClosePayments } from '../../server/modules/payments/close-payments.job';
import { createPaymentEvents } from '../../server/modules/payments/payment-events.service';
import type { ClosePaymentsJob, RefundPaymentJob, SettlePaymentJob } from '../../server/modules/payments/payment-follow-ups';
import { createRefundPayment } from '../../server/modules/payments/refund-payment.job';
import type { PaymentAdapters } from '../../server/providers/payments/index';
import { createTestMailer, TEST_BANK, TEST_SELLER, testLogger } from './app';
import { createDocumentIssuer } from '../../server/modules/invoices/document-issuer';
import { createPaymentSweep } from '../../server/modules/payments/payment-sweep';
import { createSettleAtProvider, type SettleAtProvider } from '../../server/modules/payments/settle-at-provider';
import { createSettlePayment } from '../../server/modules/payments/settle-payment.job';

// The payment follow-ups as the worker runs them: the job a transaction enqueued is read back from
// pg-boss (proving it was queued with the commit) and handed to the real handler.

async function queued<T>(db: Knex, queue: string, match: object): Promise<T[]> {
  const rows = await db.raw('SELECT data FROM pgboss.job WHERE name = ? AND data @> ?::jsonb ORDER BY created_on', [
    queue,
    JSON.stringify(match),
  ]);
  return (rows.rows as { data: T }[]).map((r) => r.data);
}

export function paymentJobs(db: Knex, adapters: PaymentAdapters, clock: Clock = systemClock) {
  const logger = testLogger();
  const jobs = createJobQueue(db, logger);
  const documents = createDocumentIssuer({ seller: TEST_SELLER, bank: TEST_BANK, jobs });
  const events = createPaymentEvents({ db, jobs, documents, logger, clock });
  const close = createClosePayments({ db, adapters, events, clock, logger });
  const refund = createRefundPayment({ db, adapters, mailer: createTestMailer(db), clock, logger });
  const settle = createSettleAtProvider({ adapters, events });
  const sweep = createPaymentSweep({ db, adapters, settle, clock, logger });
  const settlePayment = createSettlePayment({ settle, events, logger });

  return {
    /** One slot of the reconciliation sweep, as the scheduled job runs it. */
    sweep: () => sweep.sweep(),
    /** The sweep with another settlement step (a test makes it fail midway). */
    sweepWith: (wrap: (real: SettleAtProvider) => SettleAtProvider) =>
      createPaymentSweep({ db, adapters, settle: wrap(settle), clock, logger }).sweep(),
    /** The settle jobs webhooks queued for this order (an approval or a hold to capture). */
    settleJobs: (orderId: number) => queued<SettlePaymentJob>(db, SETTLE_PAYMENT_QUEUE.name, { event: { orderId } }),
    /** Runs the order's queued settle job(s), as the worker would; a failure throws as it does there. */
    async settlePayments(orderId: number): Promise<void> {
      for (const job of await this.settleJobs(orderId)) await settlePayment(job);
    },
    /** The close jobs queued for this order. */
    closeJobs: (orderId: number) => queued<ClosePaymentsJob>(db, CLOSE_PAYMENTS_QUEUE.name, { orderId }),
    /** Runs the order's queued close job(s), as the worker would; a failure throws as it does there. */
    async closeOpenPayments(orderId: number): Promise<void> {
      for (const job of await this.closeJobs(orderId)) await close(job);
    },
    /** The refund jobs queued for this order's refunds. */
    async refundJobs(orderId: number): Promise<RefundPaymentJob[]> {
      const refunds = (await db('payment_refunds').where({ order_id: orderId }).orderBy('id').select('id')) as { id: number }[];
      const jobs = await Promise.all(refunds.map((r) => queued<RefundPaymentJob>(db, REFUND_PAYMENT_QUEUE.name, { refundId: r.id })));
      return jobs.flat();
    },
    /** Runs the order's queued refund job(s), as the worker would; a failure throws as it does there. */
    async refundPayments(orderId: number): Promise<void> {
      for (const job of await this.refundJobs(orderId)) await refund(job);
    },
  };
}
