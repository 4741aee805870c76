import type { i18n as I18n } from 'i18next';
import { ApiError } from '../../api/client';

const GATEWAY_STATUSES = new Set([502, 503, 504]);

interface ErrorKeys {
  /** No answer at all (status 0). */
  network: string;
  /** Anything else the server said that has no text of its own. */
  fallback: string;
  /** Texts for known `error` codes or statuses, e.g. { invalid_credentials: 'login.errorinvalid', 429: '…' }. */
  byCode?: Record<string, string>;
}

/**
 * The locale key to show for a failed call. The server's messages are locale keys when it has
 * one for the case (e.g. 'resetpassword.success'); a plain sentence is never shown as is, since
 * it would not be in the page's language.
 */
export function apiErrorKey(error: unknown, i18n: I18n, keys: ErrorKeys): string {
  if (!(error instanceof ApiError)) return keys.fallback;
  // Our server's own code first: a 503 `busy` is the server answering, not a gateway.
  const ownCode = keys.byCode?.[error.error];
  if (ownCode) return ownCode;
  // No answer, or a gateway saying the server behind it could not be reached.
  if (error.status === 0 || GATEWAY_STATUSES.has(error.status)) return keys.network;
  const byCode = keys.byCode?.[String(error.status)];
  if (byCode) return byCode;
  if (isLocaleKey(error.message, i18n)) return error.message;
  return keys.fallback;
}

export function isLocaleKey(value: string | undefined, i18n: I18n): value is string {
  return !!value && /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/.test(value) && i18n.exists(value);
}
