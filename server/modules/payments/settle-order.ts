import type { Knex } from 'knex';
import type { OrderStatus, PaymentMethod } from '../../../shared/constants';
import { frozenClock, type Clock } from '../../clock/clock';
import type { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import { ORDER_PAID_QUEUE } from '../../jobs/queues';
import { applyRenewalPayment } from '../billing-cycle/renewal-payment';
import { createServicesForPaidOrder } from '../services/index';
import type { DocumentIssuer } from '../invoices/document-issuer';
import { assertTransition, transitionOrder } from '../orders/order-lifecycle';
import type { OrderRow } from '../orders/orders.repo';
import type { OrderPaidJob } from './order-paid.job';
import { closeOpenPaymentsLater } from './payment-follow-ups';

export interface Settlement {
  method: PaymentMethod;
  /** The provider's payment id, or the staff's own reference for a bank transfer. */
  providerRef: string;
  /** Who recorded the money: null for the system (webhooks), the staff member for a transfer. */
  actorId: number | null;
  /** What the audit row says about where the money came from. */
  auditAfter: Record<string, unknown>;
  ip?: string;
  /** The caller's refusal when the order is not payable (default: the lifecycle's order_not_payable). */
  refuse?: (from: OrderStatus) => HttpError;
}

export interface SettleDeps {
  jobs: JobQueue;
  clock: Clock;
  /** Numbers the invoice and freezes its facts in the payment's transaction. */
  documents: DocumentIssuer;
}

/**
 * The one way an unpaid order becomes paid, for provider payments, the wallet and bank transfers
 * staff mark received. In the caller's transaction, on a row it has locked: the lifecycle's `paid`
 * event (unpaid -> pending, a renewal with nothing to deliver straight to paid) dated by the clock,
 * the invoice it issues (numbered without gaps, facts frozen, rendering queued) and the "payment
 * received" follow-up job commit together. A
 * paid renewal extends its services' period and reactivates the suspended ones at once. The
 * order's other checkouts still open at providers are closed by a job after the commit, so the
 * customer cannot pay it a second time on a page left open.
 */
export async function settleOrder(trx: Knex, deps: SettleDeps, order: OrderRow, settlement: Settlement): Promise<OrderRow> {
  assertTransition(order, 'paid', settlement.refuse); // before the invoice counter moves
  const paidAt = deps.clock.now();
  const { order: paid } = await transitionOrder(trx, {
    order,
    event: 'paid',
    actor: settlement.actorId,
    ip: settlement.ip,
    clock: frozenClock(paidAt),
    set: { payment_method: settlement.method, provider_ref: settlement.providerRef },
    audit: { after: settlement.auditAfter },
    refuse: settlement.refuse,
    documents: deps.documents,
  });
  const renewal = await applyRenewalPayment(trx, paid, paidAt);
  // What was bought becomes services; an automatic product's delivery is queued with the payment.
  await createServicesForPaidOrder(trx, { jobs: deps.jobs, clock: frozenClock(paidAt) }, paid);
  const reactivated = renewal?.reactivatedServiceIds ?? [];
  const job: OrderPaidJob = { orderId: order.id, ...(reactivated.length ? { reactivatedServiceIds: reactivated } : {}) };
  await deps.jobs.send(trx, ORDER_PAID_QUEUE.name, job, { singletonKey: `order-${order.id}` });
  await closeOpenPaymentsLater(trx, deps.jobs, order.id);
  return paid;
}
