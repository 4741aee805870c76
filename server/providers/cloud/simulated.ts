import type { Knex } from 'knex';
import type { PowerStatus, VpsAction } from '../../../shared/schemas/vps';
import { osFamilyOf } from '../../../shared/staff/os-family';
import { CloudActionRefused, type CloudRefusalReason } from './errors';
import {
  findInstallState,
  findMachine,
  findPowerState,
  findPowerStatuses,
  listMachineNames,
  settleInstall,
  settleTransition,
  startInstall,
  startTransition,
  type MachineRow,
  type PowerState,
} from './simulated-fleet.repo';
import { CloudImageUnavailable, CloudVpsNotFound, type CloudAdapter, type CloudVpsDetails } from './types';
import { systemClock } from '../../clock/clock';
import { simulatedVpsTools } from './simulated-vps-tools';

// The cloud without OVH keys: the machines are the `vps` table's rows, and power actions take a few
// seconds as on a real provider, a rebuild a few more. A transition or an install is stored (where it
// lands, and when) and lands when the machine is next read: no timer has to run, and every instance
// of the app sees the same machine. A machine of the region `fail` fails its installs.

export interface SimulatedFleetOptions {
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
  /** How long a start, stop or reboot takes. */
  transitionMs?: number;
  /** How long a rebuild takes, from the call to the machine running its new system. */
  installMs?: number;
}

const DEFAULT_TRANSITION_MS = 4000;
const DEFAULT_INSTALL_MS = 8000;

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
  const installMs = options.installMs ?? DEFAULT_INSTALL_MS;

  /** Lands what is due on the machines before they are read or acted on: installs, then power transitions. */
  async function settle(serviceNames: string | readonly string[], at: Date): Promise<void> {
    await settleInstall(db, serviceNames, at);
    await settleTransition(db, serviceNames, at);
  }

  return {
    mode: 'simulated',
    ...simulatedVpsTools(db, now),

    async listServices() {
      return listMachineNames(db);
    },

    async getVps(serviceName) {
      await settle(serviceName, now());
      const row = await findMachine(db, serviceName);
      if (!row) throw new CloudVpsNotFound(serviceName);
      return toDetails(row);
    },

    async powerStatuses(serviceNames) {
      if (serviceNames.length === 0) return new Map();
      await settle(serviceNames, now());
      return findPowerStatuses(db, serviceNames);
    },

    async act(serviceName, action) {
      const at = now();
      await settle(serviceName, at);
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

    async rebuild(serviceName, image) {
      // Any system name installs: the shop's own list is the choice; its name becomes the machine's `os`.
      const os = image.trim();
      if (os === '') throw new CloudImageUnavailable(serviceName, image, []);
      const at = now();
      await settle(serviceName, at);
      const settlesAt = new Date(at.getTime() + installMs);
      if (!(await startInstall(db, serviceName, { os, family: osFamilyOf(os), settlesAt }, at))) throw new CloudVpsNotFound(serviceName);
    },

    async installState(serviceName) {
      await settle(serviceName, now());
      const state = await findInstallState(db, serviceName);
      if (!state) throw new CloudVpsNotFound(serviceName);
      return state;
    },

    async setReverse() {
      // The sandbox has no DNS to check: any name the shop accepted is taken (the OVH fake checks).
    },
  };
}
