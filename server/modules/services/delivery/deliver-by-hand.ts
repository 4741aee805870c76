import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { OrderRow } from '../../orders/orders.repo';
import { transitionService } from '../service-lifecycle';
import { lockService, servicesOfOrder } from '../services.repo';
import { releaseMachine } from './delivery.repo';

/**
 * "Assigner VPS" by an agent, in their transaction (the order and the machine locked): the order's
 * first VPS service still waiting (needs_staff, or an automatic one the agent overtook) becomes
 * active on this machine with the machine's period. An order paid before services existed has
 * none: the machine alone delivers it, as before. Says whether other units of the order still wait.
 */
export async function deliverServiceByHand(
  trx: Knex,
  input: { order: OrderRow; vpsId: number; expiresAt: Date; agentId: number; clock: Clock; ip?: string },
): Promise<{ serviceId: number | null; othersWaiting: boolean }> {
  const waiting = (await servicesOfOrder(trx, input.order.id)).filter(
    (s) => s.kind === 'vps' && (s.status === 'needs_staff' || s.status === 'provisioning'),
  );
  const first = waiting[0];
  if (!first) return { serviceId: null, othersWaiting: false };
  const locked = await lockService(trx, first.id);
  if (!locked) return { serviceId: null, othersWaiting: waiting.length > 1 };
  if (locked.vps_id !== null && locked.vps_id !== input.vpsId) await releaseMachine(trx, locked.vps_id, input.clock.now());
  await transitionService(trx, {
    service: locked,
    event: 'delivered',
    actor: input.agentId,
    ip: input.ip,
    clock: input.clock,
    set: { vps_id: input.vpsId, expires_at: input.expiresAt, delivery_deadline: null },
    audit: { after: { vpsId: input.vpsId, by: 'staff' } },
  });
  return { serviceId: locked.id, othersWaiting: waiting.length > 1 };
}
