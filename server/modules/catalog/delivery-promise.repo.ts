import type { Knex } from 'knex';
import type { DeliveryPromise } from '../../../shared/schemas/delivery-settings';

/**
 * What an order's mails promise: 'automatic' ("en ligne en quelques minutes") when every line's
 * product delivers itself, 'manual' (the terms' 3 to 4 working days) when any needs an agent or
 * is no longer in the catalogue.
 */
export async function orderDeliveryPromise(db: Knex, orderId: number): Promise<DeliveryPromise> {
  const row = (await db('order_lines as l')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .where('l.order_id', orderId)
    .first(db.raw("bool_and(p.delivery IS NOT NULL AND p.delivery <> 'manual') AS automatic"))) as
    { automatic: boolean | null } | undefined;
  return row?.automatic ? 'automatic' : 'manual';
}
