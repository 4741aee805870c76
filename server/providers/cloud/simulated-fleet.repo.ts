import type { Knex } from 'knex';
import type { OsFamily } from '../../../shared/constants';
import type { PowerStatus } from '../../../shared/schemas/vps';
import type { InstallState } from './types';

// The simulated cloud's machines are the `vps` table's rows (see simulated.ts): these are the
// queries that read and move their power state and their installs. A machine the inventory deleted is gone from
// the provider too, so every query starts from machines().

export interface MachineRow {
  service_name: string;
  ip: string;
  plan: string;
  region: string;
  ram_gb: number;
  cores: number;
  storage_gb: number;
  power_status: PowerStatus;
  power_target: PowerStatus | null;
}

export type PowerState = Pick<MachineRow, 'power_status' | 'power_target'>;

const COLUMNS = ['service_name', 'ip', 'plan', 'region', 'ram_gb', 'cores', 'storage_gb', 'power_status', 'power_target'];

const machines = (db: Knex) => db('vps').whereNot('state', 'deleted');

export function listMachineNames(db: Knex): Promise<string[]> {
  return machines(db).orderBy('id').pluck('service_name');
}

export function findMachine(db: Knex, serviceName: string): Promise<MachineRow | undefined> {
  return machines(db).where({ service_name: serviceName }).first(COLUMNS);
}

export function findPowerState(db: Knex, serviceName: string): Promise<PowerState | undefined> {
  return machines(db).where({ service_name: serviceName }).first('power_status', 'power_target');
}

/** The power state of each named machine that exists (a page of a list: the names are few). */
export async function findPowerStatuses(db: Knex, serviceNames: readonly string[]): Promise<Map<string, PowerStatus>> {
  const rows: { service_name: string; power_status: PowerStatus }[] = await machines(db)
    .whereIn('service_name', serviceNames)
    .select('service_name', 'power_status');
  return new Map(rows.map((row) => [row.service_name, row.power_status]));
}

/**
 * Lands the machine's (or the few machines') transition if its time has come. One conditional UPDATE: of two readers
 * (or two instances) past the deadline, the second finds nothing left to land and both read the
 * same result.
 */
export async function settleTransition(db: Knex, serviceName: string | readonly string[], at: Date): Promise<void> {
  await db('vps')
    .whereIn('service_name', typeof serviceName === 'string' ? [serviceName] : serviceName)
    .whereNotNull('power_target')
    .where('power_settles_at', '<=', at)
    .update({
      power_status: db.ref('power_target'),
      power_target: null,
      power_settles_at: null,
      updated_at: at,
    });
}

/**
 * Starts a transition if the machine is settled in `from`. Conditional, so two actions at once
 * cannot both start: the second finds the machine busy. Answers whether it started.
 */
export async function startTransition(
  db: Knex,
  serviceName: string,
  move: { from: PowerStatus; during: PowerStatus; target: PowerStatus; settlesAt: Date },
  now: Date,
): Promise<boolean> {
  const started = await machines(db).where({ service_name: serviceName, power_status: move.from }).whereNull('power_target').update({
    power_status: move.during,
    power_target: move.target,
    power_settles_at: move.settlesAt,
    updated_at: now,
  });
  return started > 0;
}

/** The sandbox region whose machines fail their installs, to show that path. */
export const FAILING_REGION = 'fail';

/**
 * Starts installing `os` on the machine: the disk is being written, so no power state (`unknown`)
 * and any power transition is dropped. A machine already installing the same system keeps its
 * install (a retried call changes nothing). Answers whether the machine exists.
 */
export async function startInstall(
  db: Knex,
  serviceName: string,
  install: { os: string; family: OsFamily | null; settlesAt: Date },
  now: Date,
): Promise<boolean> {
  const started = await machines(db)
    .where({ service_name: serviceName })
    .whereNot((same) => same.where('install_state', 'installing').where('install_os', install.os))
    .update({
      install_state: 'installing',
      install_os: install.os,
      install_os_family: install.family ?? db.ref('os_family'),
      install_settles_at: install.settlesAt,
      power_status: 'unknown',
      power_target: null,
      power_settles_at: null,
      updated_at: now,
    });
  if (started > 0) return true;
  return (await findPowerState(db, serviceName)) !== undefined;
}

/**
 * Lands the installs due among the named machines, in one conditional UPDATE as settleTransition:
 * the machine runs its new system (a family change brings that family's login), or, in the
 * failing region, stops with its old one and the install `failed`.
 */
export async function settleInstall(db: Knex, serviceName: string | readonly string[], at: Date): Promise<void> {
  const failing = db.raw('region = ?', [FAILING_REGION]);
  await db('vps')
    .whereIn('service_name', typeof serviceName === 'string' ? [serviceName] : serviceName)
    .where('install_state', 'installing')
    .where('install_settles_at', '<=', at)
    .update({
      os: db.raw('CASE WHEN ? THEN os ELSE install_os END', [failing]),
      login: db.raw(
        "CASE WHEN ? OR install_os_family = os_family THEN login WHEN install_os_family = 'windows' THEN 'Administrator' ELSE 'root' END",
        [failing],
      ),
      os_family: db.raw('CASE WHEN ? THEN os_family ELSE install_os_family END', [failing]),
      install_state: db.raw("CASE WHEN ? THEN 'failed' ELSE 'ready' END", [failing]),
      power_status: db.raw("CASE WHEN ? THEN 'stopped' ELSE 'running' END", [failing]),
      install_os: null,
      install_os_family: null,
      install_settles_at: null,
      updated_at: at,
    });
}

export async function findInstallState(db: Knex, serviceName: string): Promise<InstallState | undefined> {
  const row: { install_state: InstallState } | undefined = await machines(db).where({ service_name: serviceName }).first('install_state');
  return row?.install_state;
}
