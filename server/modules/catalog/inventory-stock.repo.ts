import type { Knex } from 'knex';
import type { OrderStatus } from '../../../shared/constants';
import type { FreeMachineGroup, HeldUnits } from './inventory-stock';

// The counts a VPS delivered from the inventory is sold against (inventory-stock.ts).

/** Orders still waiting for their servers: unpaid, paid and not delivered, taken by an agent. */
const WAITING: readonly OrderStatus[] = ['unpaid', 'pending', 'in_progress'];

/** The machines free to deliver (available, no order), counted by family, plan and size. */
export function freeMachineGroups(db: Knex): Promise<FreeMachineGroup[]> {
  return db('vps')
    .where({ state: 'available' })
    .whereNull('order_id')
    .groupBy('os_family', 'plan', 'ram_gb', 'cores', 'storage_gb')
    .select('os_family', 'plan', 'ram_gb', 'cores', 'storage_gb', db.raw('count(*)::int AS machines'));
}

/**
 * The units of these products that waiting orders hold, less those whose service already has its machine (that machine is no longer
 * free). Renewal invoices hold nothing: they repeat a delivered order's lines.
 */
export async function heldUnits(db: Knex, productIds: readonly number[]): Promise<HeldUnits[]> {
  if (!productIds.length) return [];
  const rows = (await db.raw(
    `SELECT l.product_id, l.os, sum(l.qty - served.machines)::int AS units
       FROM order_lines l
       JOIN orders o ON o.id = l.order_id
       CROSS JOIN LATERAL (SELECT count(*)::int AS machines FROM services s WHERE s.order_line_id = l.id AND s.vps_id IS NOT NULL) served
      WHERE l.product_id = ANY(?::int[])
        AND o.status = ANY(?::text[])
        AND o.renewal_of_order_id IS NULL
      GROUP BY l.product_id, l.os`,
    [`{${productIds.map(Number).join(',')}}`, `{${WAITING.join(',')}}`],
  )) as { rows: HeldUnits[] };
  return rows.rows;
}

/** Locks the product until the checkout's transaction ends: two buyers of the last machine, one after the other. */
export async function lockProductForSale(trx: Knex, productId: number): Promise<void> {
  await trx('products').where({ id: productId }).forUpdate().first('id');
}
