import { getSystemErrorName } from 'node:util';
import ovh from 'ovh';
import { CloudProviderError } from './types';

// The official `ovh` package, configured once and called with our own deadline: the VPS adapter
// and the ordering adapter share it. The package signs every call with the application secret and
// the consumer key; a failure becomes a CloudProviderError whose message never holds a key.

export interface OvhAdapterConfig {
  /** An endpoint name the package knows ('ovh-eu', 'ovh-ca', …) or an https URL ('https://eu.api.ovh.com/1.0'). */
  endpoint: string;
  appKey: string;
  appSecret: string;
  consumerKey: string;
  /** How long one call may take; 10 s unless a test wants less. */
  timeoutMs?: number;
}

export type OvhMethod = 'GET' | 'POST' | 'DELETE';

/** OVH answered with an HTTP error: its status, for the callers that read a 404 as "no such thing". */
export class OvhAnsweredError extends CloudProviderError {
  constructor(
    message: string,
    readonly status: number,
    cause?: unknown,
  ) {
    super(message, cause);
    this.name = 'OvhAnsweredError';
  }
}

export interface OvhCaller {
  /**
   * One signed call; `body` is sent as JSON (POST). Throws OvhAnsweredError when OVH answered an
   * error status, CloudProviderError when it could not be reached or did not answer in time.
   */
  call<T>(method: OvhMethod, path: string, body?: Record<string, unknown>): Promise<T>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

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

function errnoName(errno: number): string {
  try {
    return getSystemErrorName(errno);
  } catch {
    return `errno ${errno}`;
  }
}

export function createOvhCaller(config: OvhAdapterConfig): OvhCaller {
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

  return {
    /**
     * Our own deadline: the package's socket timeout fires an event nobody listens to, so a silent
     * OVH would otherwise hold the caller forever.
     */
    async call<T>(method: OvhMethod, path: string, body?: Record<string, unknown>): Promise<T> {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        const late = new CloudProviderError(`${method} ${path}: OVH did not answer within ${timeoutMs} ms`);
        timer = setTimeout(() => reject(late), timeoutMs);
      });
      try {
        // The package takes the body as params (and mutates them): a copy of ours.
        const request = body ? client.requestPromised<T>(method, path, { ...body }) : client.requestPromised<T>(method, path);
        return await Promise.race([request, deadline]);
      } catch (err) {
        if (err instanceof CloudProviderError) throw err;
        const { status, reason } = describeFailure(err, secrets);
        const message = `${method} ${path}: ${reason}`;
        throw status === undefined ? new CloudProviderError(message, err) : new OvhAnsweredError(message, status, err);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
