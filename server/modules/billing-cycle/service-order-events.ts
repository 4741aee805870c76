import type { Knex } from 'knex';
import { canTransition, transitionOrder } from '../orders/order-lifecycle';
import { lockOrder } from '../orders/orders.repo';
import type { Clock } from '../../clock/clock';

/**
 * A service suspended or ended by the billing cycle: its service order keeps its status (it was
 * paid) and records the event in its history, in the step's transaction. Locked after the service,
 * as every billing step does. An order not delivered in full yet (another of its units still
 * waiting) has no such event: the service's own audit row tells it.
 */
export async function recordOnServiceOrder(
  trx: Knex,
  clock: Clock,
  serviceOrderId: number,
  event: 'suspended' | 'terminated',
  details: Record<string, unknown>,
): Promise<void> {
  const order = await lockOrder(trx, serviceOrderId);
  if (!order) throw new Error(`service order ${serviceOrderId} of a service is missing`);
  if (!canTransition(order, event)) return;
  await transitionOrder(trx, { order, event, actor: null, clock, audit: { after: details } });
}
