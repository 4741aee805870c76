import type { Knex } from 'knex';
import type { OrderStatus, PaymentMethod } from '../../../shared/constants';
import type { JobQueue } from '../../jobs/job-queue';
import { ORDER_PAID_QUEUE } from '../../jobs/queues';
import { writeAudit } from '../audit/audit.repo';
import { applyRenewalPayment } from '../billing-cycle/renewal-payment';
import { nextInvoiceNumber } from '../invoices/invoice-number';
import type { OrderRow } from '../orders/orders.repo';
import type { OrderPaidJob } from './order-paid.job';

export interface Settlement {
  method: PaymentMethod;
  /** The provider's payment id, or the staff's own reference for a bank transfer. */
  providerRef: string;
  /** Who recorded the money: null for the system (webhooks), the staff member for a transfer. */
  actorId: number | null;
  /** What the audit row says about where the money came from. */
  auditAfter: Record<string, unknown>;
  ip?: string;
}

/**
 * The one way an unpaid order becomes paid, for provider payments and bank transfers staff mark
 * received. In the caller's transaction, on a row it has locked: the order goes unpaid -> pending
 * (a renewal, with nothing to deliver, straight to paid), gets its invoice number without gaps,
 * and the "payment received" follow-up job commits with it. A paid renewal extends its machine's
 * period and reactivates it at once when it was suspended.
 */
export async function settleOrder(trx: Knex, jobs: JobQueue, order: OrderRow, settlement: Settlement): Promise<OrderStatus> {
  const now = new Date();
  const status: OrderStatus = order.renewal_of_order_id ? 'paid' : 'pending';
  const invoiceNumber = await nextInvoiceNumber(trx, now);
  await trx('orders').where({ id: order.id }).update({
    status,
    paid_at: now,
    invoice_number: invoiceNumber,
    invoiced_at: now,
    payment_method: settlement.method,
    provider_ref: settlement.providerRef,
    payment_url: null,
    updated_at: now,
  });
  await writeAudit(trx, {
    actorId: settlement.actorId,
    action: 'order.paid',
    entityType: 'order',
    entityId: order.id,
    before: { status: order.status },
    after: { status, invoiceNumber, ...settlement.auditAfter },
    ip: settlement.ip,
  });
  const renewal = await applyRenewalPayment(trx, order);
  const job: OrderPaidJob = { orderId: order.id, ...(renewal?.reactivated ? { reactivatedVpsId: renewal.vpsId } : {}) };
  await jobs.send(trx, ORDER_PAID_QUEUE.name, job, { singletonKey: `order-${order.id}` });
  return status;
}
