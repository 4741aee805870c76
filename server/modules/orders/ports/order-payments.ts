import type { Knex } from 'knex';
import type { JobQueue } from '../../../jobs/job-queue';
import type { PaymentProvider } from '../../../providers/payments/types';
import type { OrderRow } from '../orders.repo';

// What orders (and the billing cycle, which cancels renewals) need from payments. The orders module
// owns this port and payments implements it (orderPayments, createPaymentReconciler,
// createClosePaymentsNow, wired in app.ts and main.ts), so orders never import payments, which
// settle orders through the lifecycle.

export interface OrderPayments {
  /** In the caller's transaction: the order takes no more money; its checkouts still open at providers are closed by a job after the commit. */
  closeOpenLater(trx: Knex, jobs: JobQueue, orderId: number): Promise<void>;
  /** When each of these checkouts was opened at the provider (by provider reference). */
  sessionsOpenedAt(db: Knex, provider: PaymentProvider, refs: string[]): Promise<Map<string, Date>>;
}

/** Asks the provider about an unpaid order its customer is looking at; true when that settled it. */
export type ReconcileOrder = (order: OrderRow) => Promise<boolean>;

/** Closes an order's checkouts still open at providers right after a commit made them pointless. */
export type ClosePaymentsNow = (orderId: number) => Promise<void>;
