import type { Knex } from 'knex';
import { BILLING_PAGE_SIZE, type BillingOrderDto, type BillingQuery } from '../../../../shared/schemas/staff';
import { presentBillingOrder } from './staff-billing.presenter';
import { listBillingOrders } from './billing-list.repo';

/** One page of one Billing filter, presented. */
export async function billingPage(db: Knex, query: BillingQuery): Promise<{ orders: BillingOrderDto[]; hasMore: boolean }> {
  const { rows, hasMore } = await listBillingOrders(db, query.filter, query.page, BILLING_PAGE_SIZE);
  return { orders: rows.map(presentBillingOrder), hasMore };
}
