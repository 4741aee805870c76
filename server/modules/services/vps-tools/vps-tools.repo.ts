import type { Knex } from 'knex';

/** Root's password as the panel shows it (sealed), or none when only OVH's mail holds the new one. */
export async function recordRootPassword(trx: Knex, vpsId: number, sealed: string | null, at: Date): Promise<void> {
  await trx('vps').where({ id: vpsId }).update({ password_encrypted: sealed, updated_at: at });
}
