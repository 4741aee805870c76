import type { Knex } from 'knex';
import type { OrderStatus } from '../../../../shared/constants';
import type { BillingFilter } from '../../../../shared/schemas/staff';

// Billing's list (reads only). Refunds and the other changes are the order workflow's
// (staff-billing.service.ts, staff-orders.service.ts).

/** Statuses of an order whose money arrived; a cancelled order that had been paid is refundable too. */
const SETTLED_STATUSES: readonly OrderStatus[] = ['pending', 'in_progress', 'paid'];

export interface BillingOrderRow {
  id: number;
  user_id: number;
  client_name: string;
  client_email: string;
  status: OrderStatus;
  payment_method: string | null;
  total_cents: string | number;
  currency: string;
  created_at: Date;
  due_at: Date | null;
  transfer_reference: string | null;
  transfer_announced_at: Date | null;
  invoice_number: string | null;
  paid_at: Date | null;
  refunded_cents: string | number;
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
      db.raw(
        `EXISTS (SELECT 1 FROM payments WHERE payments.order_id = orders.id AND payments.provider_payment_id = orders.provider_ref) AS refundable_to_payment`,
      ),
    );
}

/** One filter's orders, a page at a time; one row more than asked tells whether a next page exists. */
export async function listBillingOrders(
  db: Knex,
  filter: BillingFilter,
  page: number,
  limit: number,
): Promise<{ rows: BillingOrderRow[]; hasMore: boolean }> {
  const query = billingOrders(db);
  if (filter === 'unpaid') {
    // An order without a due date is due from its creation.
    query.where('orders.status', 'unpaid').orderByRaw('COALESCE(orders.due_at, orders.created_at) ASC, orders.id ASC');
  } else if (filter === 'transfers') {
    query
      .where('orders.status', 'unpaid')
      .whereNotNull('orders.transfer_announced_at')
      .orderBy([
        { column: 'orders.transfer_announced_at', order: 'asc' },
        { column: 'orders.id', order: 'asc' },
      ]);
  } else {
    query
      .where((q) =>
        q.whereIn('orders.status', SETTLED_STATUSES).orWhere((c) => c.where('orders.status', 'cancelled').whereNotNull('orders.paid_at')),
      )
      .orderByRaw('orders.paid_at DESC NULLS LAST, orders.id DESC');
  }
  const rows = (await query.limit(limit + 1).offset((page - 1) * limit)) as BillingOrderRow[];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
