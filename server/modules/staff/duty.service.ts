import type { Knex } from 'knex';
import { writeAudit } from '../audit/audit.repo';
import type { Clock } from '../../clock/clock';
import type { UserRow } from '../auth/users.repo';
import { transitionOrder } from '../orders/order-lifecycle';
import { lockOrdersTakenBy } from '../orders/orders.repo';
import { setOffline, switchDuty } from './duty.repo';

/** Takes duty or leaves it (orders taken stay the agent's: they come back to them). */
export async function setOnDuty(db: Knex, agent: UserRow, isOnline: boolean, clock: Clock, ip?: string): Promise<void> {
  await db.transaction(async (trx) => {
    if (!(await switchDuty(trx, agent.id, isOnline, clock.now()))) return;
    await writeAudit(trx, {
      actorId: agent.id,
      action: isOnline ? 'support.duty_taken' : 'support.duty_left',
      entityType: 'user',
      entityId: agent.id,
      before: { is_online: !isOnline },
      after: { is_online: isOnline },
      ip,
    });
  });
}

/**
 * End of full service (DESIGN.md §3): the agent goes offline and every order they had taken goes
 * back to 'pending' with no agent, for another agent to take. One transaction, one audit row per order.
 */
export async function endService(db: Knex, agent: UserRow, clock: Clock, ip?: string): Promise<number[]> {
  return db.transaction(async (trx) => {
    await setOffline(trx, agent.id, clock.now());
    const released = await releaseTakenOrders(trx, agent.id, agent.id, clock, ip);
    await writeAudit(trx, {
      actorId: agent.id,
      action: 'support.service_ended',
      entityType: 'user',
      entityId: agent.id,
      after: { released },
      ip,
    });
    return released;
  });
}

/**
 * Sends the orders `agentId` had taken back to 'pending' with no agent (end of service, or an
 * account that loses the orders area): the lifecycle's `released` event on each, locked in id
 * order, in the caller's transaction.
 */
export async function releaseTakenOrders(trx: Knex, agentId: number, actorId: number, clock: Clock, ip?: string): Promise<number[]> {
  const released: number[] = [];
  for (const order of await lockOrdersTakenBy(trx, agentId)) {
    await transitionOrder(trx, {
      order,
      event: 'released',
      actor: actorId,
      ip,
      clock,
      audit: { before: { support_id: agentId }, after: { support_id: null } },
    });
    released.push(order.id);
  }
  return released;
}
