import { OvhAnsweredError, type OvhCaller, type OvhMethod } from './ovh-client';
import { CloudTaskRefused, type CloudSnapshot, type CloudTaskType, type CloudVpsTools, type MonitoringSeries } from './types';

// The panel's VPS tools at OVH (ovh-vps.json): setPassword, getConsoleUrl, monitoring, the snapshot
// option and its tasks. Each action answers a vps.Task: accepted, not done; runningTasks follows it.

interface Helpers {
  ovh: OvhCaller;
  /** A call about one machine: OVH's 404 is that machine unknown (CloudVpsNotFound). */
  call<T>(method: OvhMethod, path: string, serviceName?: string, body?: Record<string, unknown>): Promise<T>;
  vpsPath(serviceName: string): string;
}

/** A task's states that mean it is still to run or running (`vps.TaskStateEnum`), as getVps reads a start. */
const OPEN_TASK_STATES = ['todo', 'doing'] as const;

/** OVH refuses a task for the machine's state with 400, 403 or 409 and its reason in words. */
async function task(serviceName: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (err instanceof OvhAnsweredError && [400, 403, 409].includes(err.status)) throw new CloudTaskRefused(serviceName, err.message);
    throw err;
  }
}

function toSeries(answer: unknown): MonitoringSeries {
  const { unit, values } = (answer ?? {}) as { unit?: unknown; values?: unknown };
  const points = Array.isArray(values) ? values : [];
  return {
    unit: typeof unit === 'string' ? unit : '',
    values: points
      .filter((p): p is { timestamp: number; value?: unknown } => typeof p?.timestamp === 'number')
      .map((p) => ({ timestamp: p.timestamp, value: typeof p.value === 'number' && Number.isFinite(p.value) ? p.value : null }))
      .sort((a, b) => a.timestamp - b.timestamp),
  };
}

export function ovhVpsTools({ ovh, call, vpsPath }: Helpers): CloudVpsTools {
  return {
    async resetRootPassword(serviceName) {
      // A changeRootPassword task: once it ran, OVH mails the new password to the account holder.
      await task(serviceName, () => call('POST', `${vpsPath(serviceName)}/setPassword`, serviceName));
      return { delivery: 'by_mail' };
    },

    async consoleUrl(serviceName) {
      const url = await call<unknown>('POST', `${vpsPath(serviceName)}/getConsoleUrl`, serviceName);
      if (typeof url !== 'string' || !/^https:\/\//.test(url)) throw new CloudTaskRefused(serviceName, 'OVH gave no console URL');
      return url;
    },

    async monitoring(serviceName, period, type) {
      const query = `period=${period}&type=${encodeURIComponent(type)}`;
      return toSeries(await call<unknown>('GET', `${vpsPath(serviceName)}/monitoring?${query}`, serviceName));
    },

    async snapshotOffered(serviceName) {
      const options = await call<unknown>('GET', `${vpsPath(serviceName)}/option`, serviceName);
      return Array.isArray(options) && options.includes('snapshot');
    },

    async getSnapshot(serviceName): Promise<CloudSnapshot | null> {
      try {
        const snapshot = await ovh.call<{ creationDate?: unknown; description?: unknown }>('GET', `${vpsPath(serviceName)}/snapshot`);
        return {
          createdAt: typeof snapshot.creationDate === 'string' ? snapshot.creationDate : new Date(0).toISOString(),
          description: typeof snapshot.description === 'string' ? snapshot.description : '',
        };
      } catch (err) {
        // No snapshot is OVH's 404 on the snapshot itself.
        if (err instanceof OvhAnsweredError && err.status === 404) return null;
        throw err;
      }
    },

    async createSnapshot(serviceName, description) {
      await task(serviceName, () => call('POST', `${vpsPath(serviceName)}/createSnapshot`, serviceName, { description }));
    },

    async revertSnapshot(serviceName) {
      await task(serviceName, () => call('POST', `${vpsPath(serviceName)}/snapshot/revert`, serviceName));
    },

    async deleteSnapshot(serviceName) {
      await task(serviceName, () => call('DELETE', `${vpsPath(serviceName)}/snapshot`, serviceName));
    },

    async runningTasks(serviceName, types) {
      const tasks = `${vpsPath(serviceName)}/tasks`;
      const open = await Promise.all(
        types.map(async (type) => {
          const ids = await Promise.all(
            OPEN_TASK_STATES.map((state) => call<unknown>('GET', `${tasks}?type=${type}&state=${state}`, serviceName)),
          );
          return ids.some((found) => Array.isArray(found) && found.length > 0) ? [type] : [];
        }),
      );
      return open.flat() satisfies CloudTaskType[];
    },
  };
}
