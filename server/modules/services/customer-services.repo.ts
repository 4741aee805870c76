import type { Knex } from 'knex';
import type { ServiceRow } from './services.repo';

// The customer's services as the panel shows them: with the product bought and the machine's IP.

export interface CustomerServiceRow extends ServiceRow {
  order_uuid: string;
  product_name: string | null;
  line_name: string | null;
  os_choices: { id: string; name: string }[] | null;
  variants: { id: string; name: string }[] | null;
  vps_ip: string | null;
  vps_reverse_dns: string | null;
  vps_assigned_at: Date | null;
}

function customerServices(db: Knex, userId: number) {
  return db('services')
    .join('orders', 'orders.id', 'services.order_id')
    .leftJoin('products', 'products.id', 'services.product_id')
    .leftJoin('order_lines', 'order_lines.id', 'services.order_line_id')
    .leftJoin('vps', 'vps.id', 'services.vps_id')
    .where('services.user_id', userId)
    .select(
      'services.*',
      'orders.uuid as order_uuid',
      'products.name as product_name',
      'order_lines.name as line_name',
      'products.os_choices',
      'products.variants',
      'vps.ip as vps_ip',
      'vps.reverse_dns as vps_reverse_dns',
      'vps.assigned_at as vps_assigned_at',
    );
}

/** Newest first; bounded: a customer owns tens of services, not thousands. */
export function listCustomerServices(db: Knex, userId: number): Promise<CustomerServiceRow[]> {
  return customerServices(db, userId).orderBy('services.id', 'desc').limit(500) as Promise<CustomerServiceRow[]>;
}

/** Only if it is this customer's: another's reads like a missing one. */
export function findCustomerService(db: Knex, userId: number, id: number): Promise<CustomerServiceRow | undefined> {
  return customerServices(db, userId).where('services.id', id).first() as Promise<CustomerServiceRow | undefined>;
}
