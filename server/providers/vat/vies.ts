import type { Logger } from 'pino';
import type { VatChecker, VatCheckResult } from './types';

// The European Commission's VIES REST API: POST {base}/check-vat-number with
// {countryCode, vatNumber} answers {valid, name, address, requestDate, userError, ...}. A member
// state or VIES itself being down is normal (nightly maintenance, rate limits): every failure is
// 'pending', never an error, so a sale is never blocked by it.

export const DEFAULT_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';
const TIMEOUT_MS = 5_000;

/** VIES' words for "could not check now" (in userError or errorWrappers[].error). */
const UNAVAILABLE = new Set([
  'MS_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'MS_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'SERVER_BUSY',
]);

interface ViesAnswer {
  valid?: unknown;
  name?: unknown;
  address?: unknown;
  userError?: unknown;
  errorWrappers?: { error?: unknown }[];
}

/** VIES writes '---' where a member state does not disclose the name or address. */
const disclosed = (value: unknown) => (typeof value === 'string' && value.trim() && value.trim() !== '---' ? value.trim() : undefined);

export function createViesChecker(options: { baseUrl?: string; timeoutMs?: number; logger?: Logger } = {}): VatChecker {
  const base = (options.baseUrl ?? DEFAULT_VIES_URL).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const pending = (reason: string): VatCheckResult => {
    options.logger?.warn({ reason }, 'VIES check left pending');
    return { status: 'pending' };
  };

  return {
    mode: 'live',
    async check(countryCode, number) {
      let response: Response;
      try {
        response = await fetch(`${base}/check-vat-number`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber: number }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return pending(error instanceof Error ? error.name : 'network');
      }
      let answer: ViesAnswer;
      try {
        answer = (await response.json()) as ViesAnswer;
      } catch {
        return pending(`HTTP ${response.status}, no JSON`);
      }
      const errors = [answer.userError, ...(answer.errorWrappers ?? []).map((w) => w.error)].filter(
        (e): e is string => typeof e === 'string',
      );
      const unavailable = errors.find((e) => UNAVAILABLE.has(e));
      if (unavailable) return pending(unavailable);
      if (!response.ok || typeof answer.valid !== 'boolean') {
        // INVALID_INPUT: VIES refuses the number's format, which is as good as not registered.
        if (errors.includes('INVALID_INPUT')) return { status: 'invalid' };
        return pending(`HTTP ${response.status}${errors.length ? ` ${errors.join(',')}` : ''}`);
      }
      if (!answer.valid) return { status: 'invalid' };
      return { status: 'valid', name: disclosed(answer.name), address: disclosed(answer.address) };
    },
  };
}
