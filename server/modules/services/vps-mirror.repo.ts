import type { Knex } from 'knex';

// A VPS service's inventory row follows its service (GET /api/vps and the power actions read the
// machine's state, period and suspension there): written in the same transaction as the service.

export async function markVpsSuspended(trx: Knex, vpsId: number, at: Date): Promise<void> {
  await trx('vps').where({ id: vpsId }).update({ state: 'suspended', suspended_at: at, updated_at: at });
}

/** Renewed: the period runs on to `expiresAt` and the machine is the customer's again. */
export async function markVpsRenewed(trx: Knex, vpsId: number, expiresAt: Date, at: Date): Promise<void> {
  await trx('vps').where({ id: vpsId }).update({ state: 'assigned', suspended_at: null, expires_at: expiresAt, updated_at: at });
}

/** The machine leaves the customer for good: deleted, its login password erased, powered off. */
export async function markVpsTerminated(trx: Knex, vpsId: number, at: Date): Promise<void> {
  await trx('vps')
    .where({ id: vpsId })
    .update({ state: 'deleted', terminated_at: at, password_encrypted: null, power_status: 'stopped', updated_at: at });
}
