import type { Knex } from 'knex';
import type { PowerStatus } from '../../../shared/schemas/vps';

// The simulated cloud's machines are the `vps` table's rows (see simulated.ts): these are the
// queries that read and move their power state. A machine the inventory deleted is gone from
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
