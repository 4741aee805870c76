import type { Knex } from 'knex';
import { addMonths, servicePeriodMonths } from '../../../shared/billing/service-period';
import type { OrderRow } from '../orders/orders.repo';
import { serviceTerms } from './billing.repo';

/** The period a renewal invoice pays for: from its due date, the service's months on; null for other orders. */
export async function renewalPeriod(
  db: Knex,
  order: Pick<OrderRow, 'renewal_of_order_id' | 'due_at'>,
): Promise<{ from: Date; to: Date } | null> {
  if (!order.renewal_of_order_id || !order.due_at) return null;
  const terms = await serviceTerms(db, order.renewal_of_order_id);
  return { from: order.due_at, to: addMonths(order.due_at, servicePeriodMonths(terms.duration, terms.pricingMode)) };
}

/**
 * The period an invoice pays for (issue 34: an accountant books a subscription over its months).
 * A renewal: from its due date. A first order: its first period, from the day it is paid, its
 * products' months on (delivery follows within minutes, or the working days the terms allow). An
 * unpaid first order (a pro forma) has none yet: it starts with the payment.
 */
export async function invoicedPeriod(
  db: Knex,
  order: Pick<OrderRow, 'id' | 'renewal_of_order_id' | 'due_at'>,
  paidAt: Date | null,
): Promise<{ from: Date; to: Date } | null> {
  if (order.renewal_of_order_id) return renewalPeriod(db, order);
  if (!paidAt) return null;
  const terms = await serviceTerms(db, order.id);
  return { from: paidAt, to: addMonths(paidAt, servicePeriodMonths(terms.duration, terms.pricingMode)) };
}
