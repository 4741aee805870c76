import type { PowerStatus, VpsAction } from '../../../shared/schemas/vps';
import { createOvhCaller, OvhAnsweredError, type OvhAdapterConfig, type OvhMethod } from './ovh-client';
import { sameSystem } from './system-name';
import { ovhVpsTools } from './ovh-vps-tools';
import {
  CloudImageUnavailable,
  CloudReverseRefused,
  CloudProviderError,
  CloudVpsNotFound,
  type CloudAdapter,
  type CloudVpsDetails,
  type InstallState,
} from './types';

// OVH's VPS API through the official `ovh` package (ovh-client.ts). A power action or a rebuild
// answers a task: the machine moves later, and the panel reads its state again.

export type { OvhAdapterConfig } from './ovh-client';

/**
 * OVH's VPS states (`vps.VpsStateEnum`); the ones that are not a power state (installing,
 * maintenance, …) show as unknown. OVH has no `starting`: a stopped machine with a start task
 * still to run or running is shown as starting (getVps asks for that task).
 */
const POWER_STATUS: Record<string, PowerStatus> = {
  running: 'running',
  stopped: 'stopped',
  stopping: 'stopping',
  rebooting: 'rebooting',
};

/** A reinstall task's states (`vps.TaskStateEnum`) that end it without a system. */
const FAILED_TASK_STATES = new Set(['error', 'cancelled']);

interface OvhVps {
  name: string;
  state: string;
  zone?: string;
  model?: { name?: string; memory?: number; vcore?: number; disk?: number };
}

function toModel(name: string, model: NonNullable<OvhVps['model']>): NonNullable<CloudVpsDetails['model']> {
  return { name, memoryMb: model.memory ?? 0, vcore: model.vcore ?? 0, diskGb: model.disk ?? 0 };
}

const ids = (answer: unknown): number[] => (Array.isArray(answer) ? answer.filter((id): id is number => typeof id === 'number') : []);

export function createOvhAdapter(config: OvhAdapterConfig): CloudAdapter {
  const ovh = createOvhCaller(config);

  /** A call about one machine: OVH's 404 is that machine unknown. */
  async function call<T>(method: OvhMethod, path: string, serviceName?: string, body?: Record<string, unknown>): Promise<T> {
    try {
      return await ovh.call<T>(method, path, body);
    } catch (err) {
      if (err instanceof OvhAnsweredError && err.status === 404 && serviceName !== undefined) throw new CloudVpsNotFound(serviceName);
      throw err;
    }
  }

  /** The service name stays one path segment, whatever it holds. */
  const vpsPath = (serviceName: string) => `/vps/${encodeURIComponent(serviceName)}`;

  /** Whether OVH holds a start task for the machine it has not finished (todo or doing). */
  async function startTaskOpen(serviceName: string): Promise<boolean> {
    const tasks = `${vpsPath(serviceName)}/tasks?type=startVm`;
    const [todo, doing] = await Promise.all([
      call<unknown>('GET', `${tasks}&state=todo`, serviceName),
      call<unknown>('GET', `${tasks}&state=doing`, serviceName),
    ]);
    return [todo, doing].some((found) => Array.isArray(found) && found.length > 0);
  }

  /** The id of the machine's image for a system: the id itself, or the image whose name is that system. */
  async function imageIdFor(serviceName: string, image: string): Promise<string> {
    const path = `${vpsPath(serviceName)}/images/available`;
    const available = await call<unknown>('GET', path, serviceName);
    const imageIds = Array.isArray(available) ? available.filter((id): id is string => typeof id === 'string') : [];
    if (imageIds.includes(image)) return image;
    const images = await Promise.all(
      imageIds.map((id) => call<{ id?: string; name?: string }>('GET', `${path}/${encodeURIComponent(id)}`, serviceName)),
    );
    const named = images.filter((i): i is { id: string; name: string } => typeof i.id === 'string' && typeof i.name === 'string');
    const match = named.find((i) => sameSystem(i.name, image));
    if (!match)
      throw new CloudImageUnavailable(
        serviceName,
        image,
        named.map((i) => i.name),
      );
    return match.id;
  }

  const adapter: CloudAdapter = {
    mode: 'live',
    ...ovhVpsTools({ ovh, call, vpsPath }),

    async listServices() {
      const names = await call<unknown>('GET', '/vps');
      if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
        throw new CloudProviderError('GET /vps: OVH answered something other than a list of names');
      }
      return names;
    },

    async getVps(serviceName) {
      const path = vpsPath(serviceName);
      const [vps, ips] = await Promise.all([call<OvhVps>('GET', path, serviceName), call<unknown>('GET', `${path}/ips`, serviceName)]);
      const model = vps.model;
      let status = POWER_STATUS[vps.state] ?? 'unknown';
      if (status === 'stopped' && (await startTaskOpen(serviceName))) status = 'starting';
      const details: CloudVpsDetails = {
        serviceName,
        status,
        ...(typeof vps.zone === 'string' ? { zone: vps.zone } : {}),
        ...(model?.name ? { model: toModel(model.name, model) } : {}),
        ips: Array.isArray(ips) ? ips.filter((ip): ip is string => typeof ip === 'string') : [],
      };
      return details;
    },

    async powerStatuses(serviceNames) {
      // OVH answers one machine at a time: the few of a page are asked at once, and one that
      // fails leaves only itself out.
      const answers = await Promise.allSettled(serviceNames.map(async (name) => [name, (await adapter.getVps(name)).status] as const));
      return new Map(answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : [])));
    },

    async act(serviceName, action: VpsAction) {
      // OVH answers a vps.Task (todo): accepted, not done; the machine moves when OVH runs it.
      await call<unknown>('POST', `${vpsPath(serviceName)}/${action}`, serviceName);
    },

    async terminate(serviceName) {
      // OVH ends the service (and deletes its disks) once the account holder confirms by mail.
      await call<unknown>('POST', `${vpsPath(serviceName)}/terminate`, serviceName);
    },

    async rebuild(serviceName, image, options = {}) {
      const imageId = await imageIdFor(serviceName, image);
      // A reinstallVm task (todo): OVH installs, then boots the machine on the new system. Without
      // an SSH key, OVH mails the new root password to the account holder; with the customer's key,
      // root logs in with it and that mail (to the shop, not the customer) is not sent.
      const key = options.publicSshKey ? { publicSshKey: options.publicSshKey, doNotSendPassword: true } : {};
      await call<unknown>('POST', `${vpsPath(serviceName)}/rebuild`, serviceName, { imageId, ...key });
    },

    async setReverse(ip, reverse) {
      // OVH keeps the name fully qualified (with its final dot) and checks first that it resolves to the IP.
      const fqdn = reverse.endsWith('.') ? reverse : `${reverse}.`;
      try {
        await ovh.call<unknown>('POST', `/ip/${encodeURIComponent(ip)}/reverse`, { ipReverse: ip, reverse: fqdn });
      } catch (err) {
        if (err instanceof OvhAnsweredError && err.status === 400) throw new CloudReverseRefused(ip, reverse, err.message);
        throw err;
      }
    },

    async installState(serviceName): Promise<InstallState> {
      const path = vpsPath(serviceName);
      const [vps, reinstalls] = await Promise.all([
        call<OvhVps>('GET', path, serviceName),
        call<unknown>('GET', `${path}/tasks?type=reinstallVm`, serviceName),
      ]);
      // The last reinstall says how it went; OVH forgets old tasks, and then the machine's state tells.
      const last = Math.max(...ids(reinstalls));
      if (Number.isFinite(last)) {
        const task = await call<{ state?: string }>('GET', `${path}/tasks/${last}`, serviceName);
        if (task.state && FAILED_TASK_STATES.has(task.state)) return 'failed';
        if (task.state !== 'done') return 'installing';
      }
      return vps.state === 'installing' ? 'installing' : 'ready';
    },
  };
  return adapter;
}
