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
