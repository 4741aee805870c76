import type { Knex } from 'knex';
import { SSH_KEYS_PER_ACCOUNT } from '../../../shared/schemas/ssh-keys';

export interface SshKeyRow {
  id: number;
  user_id: number;
  name: string;
  key_type: string;
  public_key: string;
  fingerprint: string;
  created_at: Date;
}

/** The account's keys, newest first; bounded by the per-account limit. */
export async function listSshKeys(db: Knex, userId: number): Promise<SshKeyRow[]> {
  return (await db('ssh_keys').where({ user_id: userId }).orderBy('id', 'desc').limit(SSH_KEYS_PER_ACCOUNT)) as SshKeyRow[];
}

export async function findSshKey(db: Knex, userId: number, id: number): Promise<SshKeyRow | undefined> {
  return (await db('ssh_keys').where({ user_id: userId, id }).first()) as SshKeyRow | undefined;
}

export async function countSshKeys(db: Knex, userId: number): Promise<number> {
  const row = (await db('ssh_keys').where({ user_id: userId }).count<{ count: string }[]>('* as count').first()) ?? { count: '0' };
  return Number(row.count);
}

/** Locks the account's key list so two adds at once cannot pass the limit together. */
export async function lockUserForKeys(trx: Knex, userId: number): Promise<void> {
  await trx('users').where({ id: userId }).forUpdate().select('id');
}

/** Inserts, or answers undefined when the account already holds this fingerprint. */
export async function insertSshKey(trx: Knex, values: Omit<SshKeyRow, 'id'>): Promise<SshKeyRow | undefined> {
  const rows = (await trx('ssh_keys').insert(values).onConflict(['user_id', 'fingerprint']).ignore().returning('*')) as SshKeyRow[];
  return rows[0];
}

export async function deleteSshKey(trx: Knex, userId: number, id: number): Promise<SshKeyRow | undefined> {
  const rows = (await trx('ssh_keys').where({ user_id: userId, id }).delete().returning('*')) as SshKeyRow[];
  return rows[0];
}
