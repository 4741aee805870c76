import type { Knex } from 'knex';
import { writeAudit } from '../audit/audit.repo';
import type { UserRow } from '../auth/users.repo';

/** Takes duty or leaves it (orders taken stay the agent's: they come back to them). */
export async function setOnDuty(db: Knex, agent: UserRow, isOnline: boolean, ip?: string): Promise<void> {
  await db.transaction(async (trx) => {
    const changed = await trx('users').where({ id: agent.id }).whereNot({ is_online: isOnline }).update({ is_online: isOnline, updated_at: trx.fn.now() });
    if (changed === 0) return;
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
export async function endService(db: Knex, agent: UserRow, ip?: string): Promise<number[]> {
  return db.transaction(async (trx) => {
    await trx('users').where({ id: agent.id }).update({ is_online: false, updated_at: trx.fn.now() });
    const released = await releaseTakenOrders(trx, agent.id, agent.id, ip);
    await writeAudit(trx, { actorId: agent.id, action: 'support.service_ended', entityType: 'user', entityId: agent.id, after: { released }, ip });
    return released;
  });
}

/**
 * Sends the orders `agentId` had taken back to 'pending' with no agent (end of service, or an
 * account that loses the orders area); one audit row per order, in the caller's transaction.
 */
export async function releaseTakenOrders(trx: Knex, agentId: number, actorId: number, ip?: string): Promise<number[]> {
  const released: { id: number }[] = await trx('orders')
    .where({ support_id: agentId, status: 'in_progress' })
    .update({ status: 'pending', support_id: null, taken_at: null, updated_at: trx.fn.now() }, ['id']);
  for (const { id } of released) {
    await writeAudit(trx, {
      actorId,
      action: 'order.released',
      entityType: 'order',
      entityId: id,
      before: { status: 'in_progress', support_id: agentId },
      after: { status: 'pending', support_id: null },
      ip,
    });
  }
  return released.map((o) => o.id);
}
