import type { Knex } from 'knex';
import type { OrderStatus } from '../../../shared/constants';
import type { PowerStatus } from '../../../shared/schemas/vps';
import { readKeysetPage, type Keyset } from '../../db/keyset';

/** A customer's machine with the order it serves. */
export interface CustomerVpsRow {
  id: number;
  service_name: string;
  ip: string;
  os: string;
  plan: string;
  region: string;
  ram_gb: number;
  cores: number;
  storage_gb: number;
  traffic: string;
  state: 'assigned' | 'suspended';
  power_status: PowerStatus;
  login: string;
  password_encrypted: string | null;
  assigned_at: Date | null;
  started_at: Date | null;
  expires_at: Date | null;
  order_id: number;
  order_uuid: string;
  order_status: OrderStatus;
  /** The product the customer bought: the order's first line, as sold. */
  product_name: string | null;
}

function customerVps(db: Knex, userId: number) {
  return db('vps')
    .join('orders', 'orders.id', 'vps.order_id')
    .where('orders.user_id', userId)
    .whereIn('vps.state', ['assigned', 'suspended'])
    .select(
      'vps.*',
      'orders.uuid as order_uuid',
      'orders.status as order_status',
      db.raw('(SELECT l.name FROM order_lines l WHERE l.order_id = orders.id ORDER BY l.id LIMIT 1) AS product_name'),
    );
}

/** The panel's servers, newest delivered first (id breaks ties). */
const NEWEST_VPS: Keyset = { table: 'vps', alias: 'vps', keys: ['COALESCE({t}.assigned_at, {t}.created_at)', '{t}.id'], direction: 'desc' };

/**
 * A page of the customer's machines after the machine `after`, by keyset; the customer's orders
 * are read through orders_customer_newest_idx, the machines by their unique order_id.
 */
export function listCustomerVps(
  db: Knex,
  userId: number,
  page: { after?: number; limit: number },
): Promise<{ rows: CustomerVpsRow[]; next: number | null }> {
  return readKeysetPage<CustomerVpsRow>(customerVps(db, userId), NEWEST_VPS, page.after, page.limit);
}

/** The machine only if it serves this customer's order: a foreign one reads like a missing one. */
export function findCustomerVps(db: Knex, userId: number, vpsId: number): Promise<CustomerVpsRow | undefined> {
  return customerVps(db, userId).where('vps.id', vpsId).first();
}

/** Keeps what the provider said, so lists shown elsewhere (staff) need not ask it again. */
export function recordPowerStatus(db: Knex, vpsId: number, status: PowerStatus): Promise<number> {
  return db('vps').where({ id: vpsId }).whereNot({ power_status: status }).update({ power_status: status, updated_at: db.fn.now() });
}
