import type { Knex } from 'knex';
import type { PowerStatus, VpsAction } from '../../../shared/schemas/vps';
import { CloudActionRefused, type CloudRefusalReason } from './errors';
import { CloudVpsNotFound, type CloudAdapter, type CloudVpsDetails } from './types';

// The cloud without OVH keys: the machines are the `vps` table's rows, and power actions take a few
// seconds as on a real provider. A transition is stored (where it lands, and when) and lands when the
// machine is next read: no timer has to run, and every instance of the app sees the same machine.

export interface SimulatedFleetOptions {
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
  /** How long a start, stop or reboot takes. */
  transitionMs?: number;
}

const DEFAULT_TRANSITION_MS = 4000;

/** Where each action may start from, what the machine shows meanwhile, and where it lands. */
const TRANSITIONS: Record<VpsAction, { from: PowerStatus; during: PowerStatus; target: PowerStatus }> = {
  start: { from: 'stopped', during: 'starting', target: 'running' },
  stop: { from: 'running', during: 'stopping', target: 'stopped' },
  reboot: { from: 'running', during: 'rebooting', target: 'running' },
};

interface VpsRow {
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

const COLUMNS = [
  'service_name',
  'ip',
  'plan',
  'region',
  'ram_gb',
  'cores',
  'storage_gb',
  'power_status',
  'power_target',
];

/** Why an action cannot start from the machine's state (the action's own `from` state failed to match). */
function refusalReason(action: VpsAction, row: Pick<VpsRow, 'power_status' | 'power_target'>): CloudRefusalReason {
  // A transition still running, or a state no action starts from ('unknown'): try again later.
  const settled = row.power_status === 'running' || row.power_status === 'stopped';
  if (row.power_target !== null || !settled) return 'busy';
  if (action === 'start' && row.power_status === 'running') return 'already_running';
  if (action === 'stop' && row.power_status === 'stopped') return 'already_stopped';
  if (action === 'reboot' && row.power_status === 'stopped') return 'not_running';
  return 'busy'; // back in the action's `from` state by the time we looked: another action raced this one
}

function toDetails(row: VpsRow): CloudVpsDetails {
  return {
    serviceName: row.service_name,
    status: row.power_status,
    zone: row.region,
    model: { name: row.plan, memoryMb: row.ram_gb * 1024, vcore: row.cores, diskGb: row.storage_gb },
    ips: [row.ip],
  };
}

export function createSimulatedFleet(db: Knex, options: SimulatedFleetOptions = {}): CloudAdapter {
  const now = options.now ?? (() => new Date());
  const transitionMs = options.transitionMs ?? DEFAULT_TRANSITION_MS;

  /** A machine the inventory deleted is gone from the provider too. */
  const machines = () => db('vps').whereNot('state', 'deleted');

  /**
   * Lands the machine's transition if its time has come. One conditional UPDATE: of two readers
   * (or two instances) past the deadline, the second finds nothing left to land and both read the
   * same result.
   */
  async function settle(serviceName: string, at: Date): Promise<void> {
    await db('vps')
      .where({ service_name: serviceName })
      .whereNotNull('power_target')
      .where('power_settles_at', '<=', at)
      .update({
        power_status: db.ref('power_target'),
        power_target: null,
        power_settles_at: null,
        updated_at: db.fn.now(),
      });
  }

  return {
    mode: 'simulated',

    async listServices() {
      const names: string[] = await machines().orderBy('id').pluck('service_name');
      return names;
    },

    async getVps(serviceName) {
      await settle(serviceName, now());
      const row: VpsRow | undefined = await machines().where({ service_name: serviceName }).first(COLUMNS);
      if (!row) throw new CloudVpsNotFound(serviceName);
      return toDetails(row);
    },

    async act(serviceName, action) {
      const at = now();
      await settle(serviceName, at);
      const { from, during, target } = TRANSITIONS[action];
      // Conditional, so two actions at once cannot both start: the second finds the machine busy.
      const started = await machines()
        .where({ service_name: serviceName, power_status: from })
        .whereNull('power_target')
        .update({
          power_status: during,
          power_target: target,
          power_settles_at: new Date(at.getTime() + transitionMs),
          updated_at: db.fn.now(),
        });
      if (started > 0) return;
      const row: Pick<VpsRow, 'power_status' | 'power_target'> | undefined = await machines()
        .where({ service_name: serviceName })
        .first('power_status', 'power_target');
      if (!row) throw new CloudVpsNotFound(serviceName);
      throw new CloudActionRefused(serviceName, action, refusalReason(action, row));
    },

    async terminate() {
      // The inventory's 'deleted' state removes the machine from machines(): nothing else to do.
    },
  };
}
