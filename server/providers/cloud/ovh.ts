import { getSystemErrorName } from 'node:util';
import ovh from 'ovh';
import type { PowerStatus, VpsAction } from '../../../shared/schemas/vps';
import { CloudProviderError, CloudVpsNotFound, type CloudAdapter, type CloudVpsDetails } from './types';

// OVH's VPS API through the official `ovh` package, which signs every call with the application
// secret and the consumer key. A power action answers a task: the machine moves later, and the
// panel reads its state again.

export interface OvhAdapterConfig {
  /** An endpoint name the package knows ('ovh-eu', 'ovh-ca', …) or an https URL ('https://eu.api.ovh.com/1.0'). */
  endpoint: string;
  appKey: string;
  appSecret: string;
  consumerKey: string;
  /** How long one call may take; 10 s unless a test wants less. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

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

interface OvhVps {
  name: string;
  state: string;
  zone?: string;
  model?: { name?: string; memory?: number; vcore?: number; disk?: number };
}

/** Where the package sends its calls: a known endpoint name, or host, port and base path from a URL. */
function connection(endpoint: string): Pick<ovh.ClientOptions, 'endpoint' | 'host' | 'port' | 'basePath'> {
  if (!/^[a-z]+:\/\//i.test(endpoint)) return { endpoint };
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') throw new Error(`OVH endpoint ${url.origin}: the ovh package only speaks HTTPS`);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 443,
    basePath: url.pathname.replace(/\/+$/, '') || '/1.0',
  };
}

/** OVH's own message, with any key it might quote blanked out, and kept short for the logs. */
function safeMessage(message: unknown, secrets: string[]): string {
  if (typeof message !== 'string' || message === '') return '';
  let text = message;
  for (const secret of secrets) if (secret) text = text.split(secret).join('***');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Why a call failed, in words, from what the package rejects with (see ovh-module.d.ts). */
function describeFailure(failure: unknown, secrets: string[]): { status?: number; reason: string } {
  const { error, message } = (failure ?? {}) as Partial<ovh.RequestFailure>;
  const said = safeMessage(message, secrets);
  if (typeof error === 'number' && error >= 100) {
    // OVH answers a bad signature with 400 INVALID_SIGNATURE, an unknown key or credential with 403.
    const keysRefused = error === 401 || error === 403 || (error === 400 && /signature/i.test(said));
    const what = keysRefused ? 'OVH refused the API keys' : 'OVH answered';
    return { status: error, reason: `${what} (${error}${said ? `: ${said}` : ''})` };
  }
  if (typeof error === 'number') return { reason: `OVH could not be reached (${errnoName(error)})` };
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { reason: `OVH could not be reached (${code ?? safeMessage(error.message, secrets)})` };
  }
  if (typeof error === 'string') {
    // The package's own sentences, e.g. '[OVH] Unable to fetch OVH API time' when that first call failed.
    return { reason: `OVH could not be reached (${safeMessage(error.replace(/^\[OVH\] /, ''), secrets)})` };
  }
  return { reason: 'OVH could not be reached' };
}

function toModel(name: string, model: NonNullable<OvhVps['model']>): NonNullable<CloudVpsDetails['model']> {
  return { name, memoryMb: model.memory ?? 0, vcore: model.vcore ?? 0, diskGb: model.disk ?? 0 };
}

function errnoName(errno: number): string {
  try {
    return getSystemErrorName(errno);
  } catch {
    return `errno ${errno}`;
  }
}

export function createOvhAdapter(config: OvhAdapterConfig): CloudAdapter {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const target = connection(config.endpoint);
  let client: ovh.Client;
  try {
    client = ovh({
      ...target,
      appKey: config.appKey,
      appSecret: config.appSecret,
      consumerKey: config.consumerKey,
      timeout: timeoutMs,
    });
  } catch (err) {
    // The package throws '[OVH] Unknown API x' for an endpoint name it does not know.
    const message = `OVH endpoint "${config.endpoint}" is neither a known name (ovh-eu, ovh-ca, …) nor an https URL`;
    throw new Error(message, { cause: err });
  }
  const secrets = [config.appSecret, config.consumerKey, config.appKey];

  /**
   * One call, with our own deadline: the package's socket timeout fires an event nobody listens to,
   * so a silent OVH would otherwise hold the customer's request forever.
   */
  async function call<T>(method: 'GET' | 'POST', path: string, serviceName?: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      const late = new CloudProviderError(`${method} ${path}: OVH did not answer within ${timeoutMs} ms`);
      timer = setTimeout(() => reject(late), timeoutMs);
    });
    try {
      return await Promise.race([client.requestPromised<T>(method, path), deadline]);
    } catch (err) {
      if (err instanceof CloudProviderError) throw err;
      const { status, reason } = describeFailure(err, secrets);
      if (status === 404 && serviceName !== undefined) throw new CloudVpsNotFound(serviceName);
      throw new CloudProviderError(`${method} ${path}: ${reason}`, err);
    } finally {
      clearTimeout(timer);
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
    return [todo, doing].some((ids) => Array.isArray(ids) && ids.length > 0);
  }

  const adapter: CloudAdapter = {
    mode: 'live',

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
  };
  return adapter;
}
