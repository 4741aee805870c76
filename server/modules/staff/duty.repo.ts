import type { Knex } from 'knex';

/** Switches the agent's duty; false when it already was as asked (nothing to audit). */
export async function switchDuty(trx: Knex, agentId: number, isOnline: boolean, at: Date): Promise<boolean> {
  const changed = await trx('users')
    .where({ id: agentId })
    .whereNot({ is_online: isOnline })
    .update({ is_online: isOnline, updated_at: at });
  return changed > 0;
}

export async function setOffline(trx: Knex, agentId: number, at: Date): Promise<void> {
  await trx('users').where({ id: agentId }).update({ is_online: false, updated_at: at });
}
