import type { Knex } from 'knex';
import { addMonths, servicePeriodMonths } from '../../../shared/billing/service-period';
import { serviceTermsByOrder, type OrderRow } from './orders.repo';

/**
 * Until when each paid renewal invoice among `orders` extends its service: the end of the period it
 * paid for (from its due date, the service's months on, as renewalPeriod says), by order id. One
 * statement for the whole list; orders that are no paid renewal are absent.
 */
export async function renewedUntil(
  db: Knex,
  orders: readonly Pick<OrderRow, 'id' | 'status' | 'renewal_of_order_id' | 'due_at'>[],
): Promise<Map<number, Date>> {
  const paid = orders.filter((o) => o.status === 'paid' && o.renewal_of_order_id !== null && o.due_at !== null);
  const terms = await serviceTermsByOrder(db, [...new Set(paid.map((o) => o.renewal_of_order_id!))]);
  return new Map(
    paid.map((o) => {
      const t = terms.get(o.renewal_of_order_id!);
      return [o.id, addMonths(o.due_at!, servicePeriodMonths(t?.duration, t?.pricingMode))];
    }),
  );
}
