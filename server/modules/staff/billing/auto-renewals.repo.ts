import type { Knex } from 'knex';
import { readKeysetPage, type Keyset } from '../../../db/keyset';
import type { AttemptRow } from '../../renewal-charges/renewal-charges.repo';

export interface StaffRenewalRow {
  /** The renewal invoice (the page's cursor). */
  id: number;
  user_id: number;
  customer_email: string;
  wallet_cents: number;
  user_currency: string;
  auto_renew_from_wallet: boolean;
  service_name: string;
  due_at: Date;
  total_cents: number;
  currency: string;
  order_status: string;
  auto_renew: boolean;
}

/** Soonest due first, id breaking ties (index orders_renewals_due_idx). */
const SOONEST_DUE: Keyset = { table: 'orders', alias: 'orders', keys: ['{t}.due_at', '{t}.id'], direction: 'asc' };

/**
 * Renewal invoices due in the window, of servers with automatic renewal on or with attempts made
 * (a customer may have turned it off since): a page after the invoice `after`, and the next page's cursor.
 */
export function renewalsInWindow(
  db: Knex,
  window: { from: Date; to: Date },
  page: { after?: number; limit: number },
): Promise<{ rows: StaffRenewalRow[]; next: number | null }> {
  const query = db('orders')
    .join('vps', 'vps.order_id', 'orders.renewal_of_order_id')
    .join('users', 'users.id', 'orders.user_id')
    .whereNotNull('orders.renewal_of_order_id')
    .whereBetween('orders.due_at', [window.from, window.to])
    .whereNot('orders.status', 'cancelled')
    .where((q) =>
      q.where('vps.auto_renew', true).orWhereExists(db('renewal_charge_attempts').whereRaw('renewal_charge_attempts.order_id = orders.id')),
    )
    .select(
      'orders.id',
      'orders.user_id',
      'users.email as customer_email',
      'users.wallet_cents',
      'users.currency as user_currency',
      'users.auto_renew_from_wallet',
      'vps.service_name',
      'orders.due_at',
      'orders.total_cents',
      'orders.currency',
      'orders.status as order_status',
      'vps.auto_renew',
    );
  return readKeysetPage<StaffRenewalRow>(query, SOONEST_DUE, page.after, page.limit);
}

/** One array parameter, whatever the page's size (as ticket-replies.repo.ts). */
const intArray = (ids: readonly number[]) => `{${ids.map(Number).join(',')}}`;

/** The attempts on a page's renewal invoices, oldest first. */
export function attemptsOfOrders(db: Knex, orderIds: readonly number[]): Promise<AttemptRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db('renewal_charge_attempts')
    .whereRaw('order_id = ANY(?::int[])', [intArray(orderIds)])
    .orderBy('id') as Promise<AttemptRow[]>;
}

export interface DefaultMethodRow {
  user_id: number;
  kind: string;
  brand: string | null;
  last4: string | null;
  bank_account: string | null;
}

/** The default method of each of a page's customers. */
export function defaultMethodsOf(db: Knex, userIds: readonly number[]): Promise<DefaultMethodRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db('payment_methods')
    .whereRaw('user_id = ANY(?::int[])', [intArray(userIds)])
    .where({ is_default: true })
    .select('user_id', 'kind', 'brand', 'last4', 'bank_account') as Promise<DefaultMethodRow[]>;
}
