import type { Knex } from 'knex';
import { transitionOrder } from '../orders/order-lifecycle';
import { lockOrder } from '../orders/orders.repo';
import type { Clock } from '../../clock/clock';

/**
 * A machine suspended or ended for an unpaid renewal: its service order keeps its status (it was
 * paid) and records the event in its history, in the step's transaction. Locked after the machine,
 * as every billing step does.
 */
export async function recordOnServiceOrder(
  trx: Knex,
  clock: Clock,
  serviceOrderId: number,
  event: 'suspended' | 'terminated',
  details: Record<string, unknown>,
): Promise<void> {
  const order = await lockOrder(trx, serviceOrderId);
  if (!order) throw new Error(`service order ${serviceOrderId} of a machine is missing`);
  await transitionOrder(trx, { order, event, actor: null, clock, audit: { after: details } });
}
