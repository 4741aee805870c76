import type { Knex } from 'knex';
import type { AttemptRow } from '../../renewal-charges/renewal-charges.repo';

export interface StaffRenewalRow {
  order_id: number;
  user_id: number;
  customer_email: string;
  wallet_cents: number;
  user_currency: string;
  auto_renew_from_wallet: boolean;
  service_name: string;
  due_at: Date;
  total_cents: string | number;
  currency: string;
  order_status: string;
  auto_renew: boolean;
}

/**
 * Renewal invoices due in the window, of servers with automatic renewal on or with attempts made
 * (a customer may have turned it off since): at most 100, soonest due first.
 */
export function renewalsInWindow(db: Knex, from: Date, to: Date): Promise<StaffRenewalRow[]> {
  return db('orders')
    .join('vps', 'vps.order_id', 'orders.renewal_of_order_id')
    .join('users', 'users.id', 'orders.user_id')
    .whereNotNull('orders.renewal_of_order_id')
    .whereBetween('orders.due_at', [from, to])
    .whereNot('orders.status', 'cancelled')
    .where((q) =>
      q.where('vps.auto_renew', true).orWhereExists(db('renewal_charge_attempts').whereRaw('renewal_charge_attempts.order_id = orders.id')),
    )
    .orderBy([{ column: 'orders.due_at' }, { column: 'orders.id' }])
    .limit(100)
    .select(
      'orders.id as order_id',
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
    ) as Promise<StaffRenewalRow[]>;
}

export function attemptsOfOrders(db: Knex, orderIds: number[]): Promise<AttemptRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db('renewal_charge_attempts').whereIn('order_id', orderIds).orderBy('id') as Promise<AttemptRow[]>;
}

export interface DefaultMethodRow {
  user_id: number;
  kind: string;
  brand: string | null;
  last4: string | null;
  bank_account: string | null;
}

export function defaultMethodsOf(db: Knex, userIds: number[]): Promise<DefaultMethodRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db('payment_methods')
    .whereIn('user_id', userIds)
    .where({ is_default: true })
    .select('user_id', 'kind', 'brand', 'last4', 'bank_account') as Promise<DefaultMethodRow[]>;
}
