import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock/clock';
import type { JobQueue } from '../../jobs/job-queue';
import type { DocumentIssuer } from '../invoices/document-issuer';
import type { Mailer } from '../mail/mail.service';
import { CLOSE_PAYMENTS_QUEUE, REFUND_PAYMENT_QUEUE, SETTLE_PAYMENT_QUEUE } from '../../jobs/queues';
import type { PaymentAdapters } from '../../providers/payments/index';
import { createClosePayments } from './close-payments.job';
import type { ClosePaymentsJob, RefundPaymentJob, SettlePaymentJob } from './payment-follow-ups';
import { createPaymentEvents } from './payment-events.service';
import { createRefundPayment } from './refund-payment.job';
import { createPaymentSweep } from './payment-sweep';
import { startPaymentSweep } from './payment-sweep.job';
import { createSettleAtProvider } from './settle-at-provider';
import { createSettlePayment } from './settle-payment.job';

/**
 * This instance works the provider follow-ups (captures queued by webhooks, closing checkouts of
 * paid orders, refunds) and the reconciliation sweep.
 */
export async function startPaymentJobs(
  jobs: JobQueue,
  deps: {
    db: Knex;
    adapters: PaymentAdapters;
    documents: DocumentIssuer;
    /** The customer's mail when money is given back automatically. */
    mailer: Mailer;
    clock: Clock;
    logger: Pick<Logger, 'info' | 'warn'>;
  },
): Promise<void> {
  const events = createPaymentEvents({ db: deps.db, jobs, documents: deps.documents, logger: deps.logger, clock: deps.clock });
  await jobs.work<ClosePaymentsJob>(CLOSE_PAYMENTS_QUEUE.name, createClosePayments({ ...deps, events }));
  await jobs.work<RefundPaymentJob>(REFUND_PAYMENT_QUEUE.name, createRefundPayment(deps));
  const settle = createSettleAtProvider({ adapters: deps.adapters, events });
  await jobs.work<SettlePaymentJob>(SETTLE_PAYMENT_QUEUE.name, createSettlePayment({ settle, events, logger: deps.logger }));
  await startPaymentSweep(jobs, createPaymentSweep({ ...deps, settle }));
}
