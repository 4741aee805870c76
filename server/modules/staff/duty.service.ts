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
    const released: { id: number }[] = await trx('orders')
      .where({ support_id: agent.id, status: 'in_progress' })
      .update({ status: 'pending', support_id: null, taken_at: null, updated_at: trx.fn.now() }, ['id']);
    for (const { id } of released) {
      await writeAudit(trx, {
        actorId: agent.id,
        action: 'order.released',
        entityType: 'order',
        entityId: id,
        before: { status: 'in_progress', support_id: agent.id },
        after: { status: 'pending', support_id: null },
        ip,
      });
    }
    await writeAudit(trx, { actorId: agent.id, action: 'support.service_ended', entityType: 'user', entityId: agent.id, after: { released: released.map((o) => o.id) }, ip });
    return released.map((o) => o.id);
  });
}
