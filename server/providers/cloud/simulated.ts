import type { Knex } from 'knex';
import type { PowerStatus, VpsAction } from '../../../shared/schemas/vps';
import { CloudActionRefused, type CloudRefusalReason } from './errors';
import {
  findMachine,
  findPowerState,
  findPowerStatuses,
  listMachineNames,
  settleTransition,
  startTransition,
  type MachineRow,
  type PowerState,
} from './simulated-fleet.repo';
import { CloudVpsNotFound, type CloudAdapter, type CloudVpsDetails } from './types';
import { systemClock } from '../../clock/clock';

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

/**
 * Where each action may start from, what the machine shows meanwhile, and where it lands. `starting`
 * is the fleet's own notion: OVH has no such state, and its adapter shows a stopped machine with an
 * open start task as `starting`, so the panel reads both clouds the same way.
 */
const TRANSITIONS: Record<VpsAction, { from: PowerStatus; during: PowerStatus; target: PowerStatus }> = {
  start: { from: 'stopped', during: 'starting', target: 'running' },
  stop: { from: 'running', during: 'stopping', target: 'stopped' },
  reboot: { from: 'running', during: 'rebooting', target: 'running' },
};

/** Why an action cannot start from the machine's state (the action's own `from` state failed to match). */
function refusalReason(action: VpsAction, row: PowerState): CloudRefusalReason {
  // A transition still running, or a state no action starts from ('unknown'): try again later.
  const settled = row.power_status === 'running' || row.power_status === 'stopped';
  if (row.power_target !== null || !settled) return 'busy';
  if (action === 'start' && row.power_status === 'running') return 'already_running';
  if (action === 'stop' && row.power_status === 'stopped') return 'already_stopped';
  if (action === 'reboot' && row.power_status === 'stopped') return 'not_running';
  return 'busy'; // back in the action's `from` state by the time we looked: another action raced this one
}

function toDetails(row: MachineRow): CloudVpsDetails {
  return {
    serviceName: row.service_name,
    status: row.power_status,
    zone: row.region,
    model: { name: row.plan, memoryMb: row.ram_gb * 1024, vcore: row.cores, diskGb: row.storage_gb },
    ips: [row.ip],
  };
}

export function createSimulatedFleet(db: Knex, options: SimulatedFleetOptions = {}): CloudAdapter {
  const now = options.now ?? (() => systemClock.now());
  const transitionMs = options.transitionMs ?? DEFAULT_TRANSITION_MS;

  return {
    mode: 'simulated',

    async listServices() {
      return listMachineNames(db);
    },

    async getVps(serviceName) {
      await settleTransition(db, serviceName, now());
      const row = await findMachine(db, serviceName);
      if (!row) throw new CloudVpsNotFound(serviceName);
      return toDetails(row);
    },

    async powerStatuses(serviceNames) {
      if (serviceNames.length === 0) return new Map();
      await settleTransition(db, serviceNames, now());
      return findPowerStatuses(db, serviceNames);
    },

    async act(serviceName, action) {
      const at = now();
      await settleTransition(db, serviceName, at);
      const { from, during, target } = TRANSITIONS[action];
      const settlesAt = new Date(at.getTime() + transitionMs);
      if (await startTransition(db, serviceName, { from, during, target, settlesAt }, at)) return;
      const row = await findPowerState(db, serviceName);
      if (!row) throw new CloudVpsNotFound(serviceName);
      throw new CloudActionRefused(serviceName, action, refusalReason(action, row));
    },

    async terminate() {
      // The inventory's 'deleted' state hides the machine from every query of the fleet: nothing else to do.
    },
  };
}
