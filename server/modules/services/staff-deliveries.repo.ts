import type { Knex } from 'knex';
import type { ServiceRow } from './services.repo';

export interface StaffDeliveryRow extends ServiceRow {
  order_uuid: string;
  order_status: string;
  email: string;
  full_name: string | null;
  product_name: string | null;
}

function deliveries(db: Knex) {
  return db('services')
    .join('orders', 'orders.id', 'services.order_id')
    .join('users', 'users.id', 'services.user_id')
    .leftJoin('order_lines', 'order_lines.id', 'services.order_line_id')
    .select(
      'services.*',
      'orders.uuid as order_uuid',
      'orders.status as order_status',
      'users.email',
      'users.full_name',
      'order_lines.name as product_name',
    );
}

/** Automatic deliveries handed to staff (failed or out of time), oldest first: the top of the back-office. */
export function deliveriesNeedingStaff(db: Knex): Promise<StaffDeliveryRow[]> {
  return deliveries(db)
    .where('services.status', 'needs_staff')
    .whereNot('services.delivery', 'manual')
    .orderBy('services.id')
    .limit(200) as Promise<StaffDeliveryRow[]>;
}

export function findDelivery(db: Knex, serviceId: number): Promise<StaffDeliveryRow | undefined> {
  return deliveries(db).where('services.id', serviceId).first() as Promise<StaffDeliveryRow | undefined>;
}
