import type { Knex } from 'knex';
import type { OrderRow } from '../orders/orders.repo';

// The rows the billing steps read: delivered machines with their service order, and the renewal
// invoices issued for them (orders.renewal_of_order_id = the service order, due_at = its expiry).

export interface ServiceVpsRow {
  id: number;
  service_name: string;
  state: 'assigned' | 'suspended';
  power_status: string;
  order_id: number;
  user_id: number;
  expires_at: Date;
  suspended_at: Date | null;
}

const SERVICE_COLUMNS = [
  'vps.id',
  'vps.service_name',
  'vps.state',
  'vps.power_status',
  'vps.order_id',
  'orders.user_id',
  'vps.expires_at',
  'vps.suspended_at',
];

function serviceVps(db: Knex) {
  return db('vps').join('orders', 'orders.id', 'vps.order_id').whereNotNull('vps.expires_at').select(SERVICE_COLUMNS);
}

/** The machine row, locked until the step's transaction ends: one step at a time per machine. */
export function lockServiceVps(trx: Knex, vpsId: number): Promise<ServiceVpsRow | undefined> {
  return serviceVps(trx).where('vps.id', vpsId).forUpdate('vps').first();
}

/** Delivered machines expiring by `until` that have no renewal invoice for that expiry yet. */
export function servicesNeedingRenewal(db: Knex, until: Date): Promise<ServiceVpsRow[]> {
  return serviceVps(db)
    .whereIn('vps.state', ['assigned', 'suspended'])
    .where('vps.expires_at', '<=', until)
    .whereNotExists(renewalFor(db))
    .orderBy('vps.id');
}

export function renewalFor(db: Knex) {
  return db('orders as renewal')
    .whereRaw('renewal.renewal_of_order_id = vps.order_id')
    .whereRaw('renewal.due_at = vps.expires_at')
    .select(db.raw('1'));
}

/** Running machines whose expiry passed before `expiredBefore` (nothing paid extended it). */
export function servicesToSuspend(db: Knex, expiredBefore: Date): Promise<ServiceVpsRow[]> {
  return serviceVps(db).where('vps.state', 'assigned').where('vps.expires_at', '<=', expiredBefore).orderBy('vps.id');
}

/** Suspended machines whose suspension began before `suspendedBefore`. */
export function servicesToTerminate(db: Knex, suspendedBefore: Date): Promise<ServiceVpsRow[]> {
  return serviceVps(db).where('vps.state', 'suspended').where('vps.suspended_at', '<=', suspendedBefore).orderBy('vps.id');
}

/** Suspended machines the provider may still run (a stop that failed after the suspension). */
export function suspendedStillRunning(db: Knex): Promise<ServiceVpsRow[]> {
  return serviceVps(db).where('vps.state', 'suspended').whereIn('vps.power_status', ['running', 'starting', 'rebooting']);
}

export interface UnpaidRenewalRow extends OrderRow {
  due_at: Date;
  service_name: string;
}

/** Unpaid renewal invoices due after `after` and up to `until`, with the machine they renew. */
export function unpaidRenewalsDue(db: Knex, after: Date, until: Date): Promise<UnpaidRenewalRow[]> {
  return db('orders')
    .join('vps', 'vps.order_id', 'orders.renewal_of_order_id')
    .where('orders.status', 'unpaid')
    .whereNotNull('orders.renewal_of_order_id')
    .where('orders.due_at', '>', after)
    .where('orders.due_at', '<=', until)
    .select('orders.*', 'vps.service_name')
    .orderBy('orders.id');
}

/** The months one payment of this service order buys (its first product's duration and pricing mode). */
export async function serviceTerms(db: Knex, orderId: number): Promise<{ duration: string | null; pricingMode: string | null }> {
  const row = (await db('order_lines')
    .leftJoin('products', 'products.id', 'order_lines.product_id')
    .where('order_lines.order_id', orderId)
    .orderBy('order_lines.id')
    .first('products.ovh_duration', 'products.ovh_pricing_mode')) as
    { ovh_duration: string | null; ovh_pricing_mode: string | null } | undefined;
  return { duration: row?.ovh_duration ?? null, pricingMode: row?.ovh_pricing_mode ?? null };
}

/** Whether the renewal invoice for this expiry exists (checked again under the machine's lock). */
export async function renewalExists(trx: Knex, serviceOrderId: number, dueAt: Date): Promise<boolean> {
  return (await trx('orders').where({ renewal_of_order_id: serviceOrderId, due_at: dueAt }).first('id')) !== undefined;
}

/** The renewal invoice of this expiry still waiting for its money, if any. */
export function openRenewalFor(
  trx: Knex,
  serviceOrderId: number,
  dueAt: Date,
): Promise<Pick<OrderRow, 'id' | 'total_cents' | 'currency'> | undefined> {
  return trx('orders')
    .where({ renewal_of_order_id: serviceOrderId, due_at: dueAt, status: 'unpaid' })
    .first('id', 'total_cents', 'currency');
}

/** The service's unpaid renewal invoices, locked in id order (a payment locks the same rows first). */
export function lockOpenRenewals(trx: Knex, serviceOrderId: number): Promise<OrderRow[]> {
  return trx<OrderRow>('orders').where({ renewal_of_order_id: serviceOrderId, status: 'unpaid' }).orderBy('id').forUpdate();
}

export async function markVpsSuspended(trx: Knex, vpsId: number, at: Date): Promise<void> {
  await trx('vps').where({ id: vpsId }).update({ state: 'suspended', suspended_at: at, updated_at: at });
}

/** The machine leaves the customer for good: deleted, its login password erased, powered off. */
export async function markVpsTerminated(trx: Knex, vpsId: number, at: Date): Promise<void> {
  await trx('vps')
    .where({ id: vpsId })
    .update({ state: 'deleted', terminated_at: at, password_encrypted: null, power_status: 'stopped', updated_at: at });
}
