import type { Endpoint, ResultOf } from '../../../shared/contract/endpoint';
import { json } from './fetch-mock';

/** Whether a fetch of `url` with `init` is a call of this endpoint (method and path template). */
export function isCallOf(declared: Endpoint, url: string, init: RequestInit | undefined): boolean {
  const method = (init?.method ?? 'GET').toLowerCase();
  if (method !== declared.method) return false;
  const path = url.split('?')[0]!;
  const pattern = new RegExp(`^${declared.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
  return pattern.test(path);
}

/** A typed mock answer: the body must be what the contract says this endpoint answers. */
export function answer<E extends Endpoint>(declared: E, body: ResultOf<E>, status = declared.status ?? 200): Response {
  return json(status, body);
}
