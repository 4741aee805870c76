import type { Knex } from 'knex';
import type { ServiceRow } from '../services.repo';

/** The machine a VPS service runs on, by its provider's name. */
export async function machineNameOf(db: Knex, vpsId: number): Promise<string | undefined> {
  const row = (await db('vps').where({ id: vpsId }).first('service_name')) as { service_name: string } | undefined;
  return row?.service_name;
}

/** Marks the reinstall as running, only if none runs: false when one already does. */
export async function startReinstall(
  trx: Knex,
  serviceId: number,
  what: { os: string; key: { name: string; fingerprint: string } },
  at: Date,
): Promise<boolean> {
  const changed = await trx('services')
    .where({ id: serviceId })
    .where((w) => w.whereNull('reinstall_state').orWhereNot('reinstall_state', 'installing'))
    .update({
      reinstall_state: 'installing',
      reinstall_os: what.os,
      reinstall_key_name: what.key.name,
      reinstall_key_fingerprint: what.key.fingerprint,
      reinstall_started_at: at,
      reinstall_finished_at: null,
      updated_at: at,
    });
  return changed === 1;
}

/** The provider refused the rebuild: as if it was never asked. */
export async function undoReinstall(db: Knex, serviceId: number, at: Date): Promise<void> {
  await db('services').where({ id: serviceId, reinstall_state: 'installing' }).update({ reinstall_state: null, updated_at: at });
}

/**
 * The install ended: the service's chosen system and the machine's become the new one when it
 * succeeded. Only a running reinstall ends (a job run twice changes nothing the second time).
 */
export async function finishReinstall(
  trx: Knex,
  service: Pick<ServiceRow, 'id' | 'vps_id'>,
  outcome: { state: 'done'; os: string; osName: string } | { state: 'failed' },
  at: Date,
): Promise<boolean> {
  const changed = await trx('services')
    .where({ id: service.id, reinstall_state: 'installing' })
    .update({
      reinstall_state: outcome.state,
      reinstall_finished_at: at,
      updated_at: at,
      ...(outcome.state === 'done' && { os: outcome.os }),
    });
  if (changed === 1 && outcome.state === 'done' && service.vps_id !== null) {
    await trx('vps').where({ id: service.vps_id }).update({ os: outcome.osName });
  }
  return changed === 1;
}

/** The name of one of the service's product's systems, by its id ("ubuntu-24-04" → "Ubuntu 24.04"). */
export async function osNameOf(db: Knex, service: Pick<ServiceRow, 'product_id'>, osId: string): Promise<string | undefined> {
  if (service.product_id === null) return undefined;
  const product = (await db('products').where({ id: service.product_id }).first('os_choices')) as
    { os_choices: { id: string; name: string }[] | null } | undefined;
  return product?.os_choices?.find((os) => os.id === osId)?.name;
}

/** The reverse name the provider took for the machine's address. */
export async function recordReverseDns(trx: Knex, vpsId: number, reverse: string): Promise<void> {
  await trx('vps').where({ id: vpsId }).update({ reverse_dns: reverse });
}
