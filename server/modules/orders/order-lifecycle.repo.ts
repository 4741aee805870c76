import type { Knex } from 'knex';
import type { OrderStatus } from '../../../shared/constants';
import type { Requirement } from './order-transitions';
import type { OrderRow } from './orders.repo';

// The only writes of orders.status (order-lifecycle.ts decides, this file writes).

/** Columns a caller may write with an event (status and the event's dates are the lifecycle's). */
export type OrderValues = Partial<Omit<OrderRow, 'id' | 'uuid' | 'status' | 'created_at' | 'updated_at'>>;

export async function insertOrder(
  trx: Knex,
  values: OrderValues & { status: OrderStatus; created_at: Date; updated_at: Date },
): Promise<OrderRow> {
  const [order] = (await trx('orders').insert(values).returning('*')) as OrderRow[];
  if (!order) throw new Error('order not inserted');
  return order;
}

/**
 * One conditional UPDATE: the row changes only if it is still in `status` and meets the event's
 * requirements, so of two writers racing for one transition exactly one gets the row back.
 */
export async function updateOrderIf(
  trx: Knex,
  id: number,
  guard: { status: OrderStatus; requires: readonly Requirement[] },
  values: OrderValues & { status: OrderStatus; updated_at: Date },
): Promise<OrderRow | undefined> {
  const query = trx('orders').where({ id, status: guard.status });
  if (guard.requires.includes('paid_before')) query.whereNotNull('paid_at');
  if (guard.requires.includes('unassigned')) query.whereNull('support_id');
  const [order] = (await query.update(values).returning('*')) as OrderRow[];
  return order;
}

/** The order's status now; undefined when there is no such order. */
export async function currentStatus(trx: Knex, id: number): Promise<OrderStatus | undefined> {
  const row = (await trx('orders').where({ id }).first('status')) as { status: OrderStatus } | undefined;
  return row?.status;
}
