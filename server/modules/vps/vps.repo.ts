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
  /** The customer the machine serves, through its order. */
  user_id: number;
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
      'orders.user_id',
      'orders.status as order_status',
      db.raw('(SELECT l.name FROM order_lines l WHERE l.order_id = orders.id ORDER BY l.id LIMIT 1) AS product_name'),
    );
}

/**
 * The panel's servers, newest first: by the order each one serves (a machine serves one order),
 * so a page walks the customer's orders down orders_customer_newest_idx and finds each machine by
 * its unique order_id; any page costs what the first costs. The cursor is a machine's id.
 */
const NEWEST_VPS: Keyset = {
  table: 'vps',
  alias: 'vps',
  keys: ['orders.created_at', 'orders.id'],
  direction: 'desc',
  cursor: { select: 'o.created_at, o.id', from: 'vps c JOIN orders o ON o.id = c.order_id WHERE c.id = ?' },
};

/** A page of the customer's machines after the machine `after`, and the cursor of the next page. */
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
export function recordPowerStatus(db: Knex, vpsId: number, status: PowerStatus, now: Date): Promise<number> {
  return db('vps').where({ id: vpsId }).whereNot({ power_status: status }).update({ power_status: status, updated_at: now });
}
