import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { newPassword } from './simulated-ordering';
import { findMachine } from './simulated-fleet.repo';
import { settledSnapshot, startSnapshot, startSnapshotTask } from './simulated-snapshots.repo';
import {
  CloudTaskRefused,
  CloudVpsNotFound,
  type CloudVpsTools,
  type MonitoringPeriod,
  type MonitoringSeries,
  type MonitoringType,
} from './types';

// The panel's VPS tools without OVH: a root password given at once, a console page of our own that
// says it is the sandbox, graphs computed from the machine's name and the time (the same answer for
// the same moment), and a snapshot (every sandbox machine has the option) whose tasks take a while.

/** Where the sandbox's console page is served (vps-tools routes): on the shop's own origin. */
export const SANDBOX_CONSOLE_PATH = '/api/sandbox/vps-console';

/** Each period's span and step: about a hundred points, as OVH answers. */
const PERIODS: Record<MonitoringPeriod, { spanS: number; stepS: number }> = {
  lastday: { spanS: 24 * 3600, stepS: 15 * 60 },
  lastweek: { spanS: 7 * 24 * 3600, stepS: 2 * 3600 },
  lastmonth: { spanS: 30 * 24 * 3600, stepS: 6 * 3600 },
};

const UNITS: Record<MonitoringType, string> = { 'cpu:used': '%', 'mem:used': 'MB', 'mem:max': 'MB', 'net:rx': 'bps', 'net:tx': 'bps' };

/** A number in [0, 1) from the words given: the same words, the same number. */
function noise(...words: (string | number)[]): number {
  return createHash('sha256').update(words.join('|')).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * A plausible value: a daily rhythm (busy in the evening), the machine's own level, and some noise.
 * A point of several hours is that span's average, as OVH's are: the daily rhythm flattens into a
 * weekly one (busier at the weekend) instead of zigzagging between day and night.
 */
function valueAt(name: string, type: MonitoringType, t: number, stepS: number, memoryMb: number): number {
  const hour = ((t / 3600) % 24) + 1; // Brussels, about
  const week = (1 + Math.sin((t / (7 * 86_400)) * 2 * Math.PI)) / 2;
  const busy = stepS >= 6 * 3600 ? 0.35 + week * 0.3 : (1 + Math.sin(((hour - 14) / 24) * 2 * Math.PI)) / 2;
  const level = noise(name, type);
  const jitter = noise(name, type, t);
  switch (type) {
    case 'cpu:used':
      return Math.round((4 + level * 20 + busy * 25 + jitter * 8) * 10) / 10;
    case 'mem:used':
      return Math.round(memoryMb * (0.3 + level * 0.2 + busy * 0.15 + jitter * 0.04));
    case 'mem:max':
      return memoryMb;
    case 'net:rx':
      return Math.round((50_000 + level * 400_000) * (0.3 + busy) * (0.75 + jitter * 0.5));
    case 'net:tx':
      return Math.round((120_000 + level * 900_000) * (0.3 + busy) * (0.75 + jitter * 0.5));
  }
}

/** How long each snapshot task takes in the sandbox. */
const SNAPSHOT_TASK_MS = 6000;

export function simulatedVpsTools(db: Knex, now: () => Date): CloudVpsTools {
  async function machine(serviceName: string) {
    const row = await findMachine(db, serviceName);
    if (!row) throw new CloudVpsNotFound(serviceName);
    return row;
  }

  const settled = (serviceName: string) => settledSnapshot(db, serviceName, now());
  const settlesAt = () => new Date(now().getTime() + SNAPSHOT_TASK_MS);

  /** Starts a task on the machine's existing, idle snapshot; refused as OVH does otherwise. */
  async function startTask(serviceName: string, task: 'revertSnapshot' | 'deleteSnapshot') {
    await machine(serviceName);
    const row = await settled(serviceName);
    if (!row || row.created_at === null) throw new CloudTaskRefused(serviceName, 'No snapshot on this VPS');
    if (!(await startSnapshotTask(db, serviceName, task, settlesAt())))
      throw new CloudTaskRefused(serviceName, 'A task is already running on the snapshot');
  }

  return {
    async resetRootPassword(serviceName) {
      await machine(serviceName);
      return { delivery: 'given', password: newPassword() };
    },

    async consoleUrl(serviceName) {
      await machine(serviceName);
      return SANDBOX_CONSOLE_PATH;
    },

    async monitoring(serviceName, period, type): Promise<MonitoringSeries> {
      const row = await machine(serviceName);
      const { spanS, stepS } = PERIODS[period];
      const end = Math.floor(now().getTime() / 1000 / stepS) * stepS;
      const values = [];
      for (let t = end - spanS + stepS; t <= end; t += stepS) {
        values.push({ timestamp: t, value: valueAt(serviceName, type, t, stepS, row.ram_gb * 1024) });
      }
      return { unit: UNITS[type], values };
    },

    async snapshotOffered(serviceName) {
      await machine(serviceName);
      return true;
    },

    async getSnapshot(serviceName) {
      await machine(serviceName);
      const row = await settled(serviceName);
      if (!row || row.created_at === null) return null;
      return { createdAt: row.created_at.toISOString(), description: row.description };
    },

    async createSnapshot(serviceName, description) {
      await machine(serviceName);
      await settled(serviceName);
      if (!(await startSnapshot(db, serviceName, description, settlesAt())))
        throw new CloudTaskRefused(serviceName, 'A snapshot already exists for this VPS');
    },

    revertSnapshot: (serviceName) => startTask(serviceName, 'revertSnapshot'),
    deleteSnapshot: (serviceName) => startTask(serviceName, 'deleteSnapshot'),

    async runningTasks(serviceName, types) {
      await machine(serviceName);
      const row = await settled(serviceName);
      return row?.task && types.includes(row.task) ? [row.task] : [];
    },
  };
}
