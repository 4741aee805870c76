import type { Knex } from 'knex';
import { type BillingOrderDto, type BillingQuery } from '../../../../shared/schemas/staff/billing';
import { presentBillingOrder } from './staff-billing.presenter';
import { listBillingOrders } from './billing-list.repo';

/** One page of one Billing filter, presented. */
export async function billingPage(
  db: Knex,
  query: BillingQuery,
): Promise<{ orders: BillingOrderDto[]; next: number | null; hasMore: boolean }> {
  const { rows, next } = await listBillingOrders(db, query.filter, query.after, query.limit);
  return { orders: rows.map(presentBillingOrder), next, hasMore: next !== null };
}
