import type { Knex } from 'knex';
import type { OrderStatus } from '../../../../shared/constants';
import type { BillingFilter } from '../../../../shared/schemas/staff/billing';
import type { OrderEndingRow } from '../../orders/order-ending.presenter';
import { readKeysetPage, type Keyset } from '../../../db/keyset';

// Billing's list (reads only). Refunds and the other changes are the order workflow's
// (staff-billing.service.ts, staff-orders.service.ts).

/** Statuses of an order whose money arrived; a cancelled order that had been paid is refundable too. */
const SETTLED_STATUSES: readonly OrderStatus[] = ['pending', 'in_progress', 'paid'];

export interface BillingOrderRow extends OrderEndingRow {
  id: number;
  user_id: number;
  client_name: string;
  client_email: string;
  status: OrderStatus;
  payment_method: string | null;
  total_cents: number;
  currency: string;
  created_at: Date;
  due_at: Date | null;
  transfer_reference: string | null;
  transfer_announced_at: Date | null;
  invoice_number: string | null;
  paid_at: Date | null;
  refunded_cents: number;
  /** A provider payment stands behind the order (the rule of findSettlingPayment): it can be refunded there. */
  refundable_to_payment: boolean;
}

function billingOrders(db: Knex) {
  return db('orders')
    .join('users as client', 'client.id', 'orders.user_id')
    .select(
      'orders.id',
      'orders.user_id',
      'client.full_name as client_name',
      'client.email as client_email',
      'orders.status',
      'orders.payment_method',
      'orders.total_cents',
      'orders.currency',
      'orders.created_at',
      'orders.due_at',
      'orders.transfer_reference',
      'orders.transfer_announced_at',
      'orders.invoice_number',
      'orders.paid_at',
      'orders.refunded_cents',
      'orders.cancel_reason',
      'orders.refunded_to',
      db.raw(
        `EXISTS (SELECT 1 FROM payments WHERE payments.order_id = orders.id AND payments.provider_payment_id = orders.provider_ref) AS refundable_to_payment`,
      ),
    );
}

/**
 * Each filter's order, by keyset (the cursor is the last order shown). unpaid: oldest due first;
 * transfers: oldest announcement first; paid: newest payment first. Each has its partial index
 * (20261126180000_perf_list_keyset_indexes), in these very expressions.
 */
const ORDER_OF: Record<BillingFilter, Keyset> = {
  // An order without a due date is due from its creation.
  unpaid: { table: 'orders', alias: 'orders', keys: ['COALESCE({t}.due_at, {t}.created_at)', '{t}.id'], direction: 'asc' },
  transfers: { table: 'orders', alias: 'orders', keys: ['{t}.transfer_announced_at', '{t}.id'], direction: 'asc' },
  // Never null, so that the order is total (a settled order without a payment date comes last).
  paid: { table: 'orders', alias: 'orders', keys: ["COALESCE({t}.paid_at, '-infinity'::timestamptz)", '{t}.id'], direction: 'desc' },
};

/** One filter's orders, `limit` after the order `after`, and the cursor of the next page (null at the end). */
export function listBillingOrders(
  db: Knex,
  filter: BillingFilter,
  after: number | undefined,
  limit: number,
): Promise<{ rows: BillingOrderRow[]; next: number | null }> {
  const query = billingOrders(db);
  if (filter === 'unpaid') query.where('orders.status', 'unpaid');
  else if (filter === 'transfers') query.where('orders.status', 'unpaid').whereNotNull('orders.transfer_announced_at');
  else {
    query.where((q) =>
      q.whereIn('orders.status', SETTLED_STATUSES).orWhere((c) => c.where('orders.status', 'cancelled').whereNotNull('orders.paid_at')),
    );
  }
  return readKeysetPage<BillingOrderRow>(query, ORDER_OF[filter], after, limit);
}
