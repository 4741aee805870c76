import type { i18n as I18n } from 'i18next';
import { ApiError } from '../../api/client';

const isKey = (value: string | undefined, i18n: I18n): value is string =>
  !!value && /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/.test(value) && i18n.exists(value);

/** The field errors a refused call carries (locale keys; anything else is the form's generic error). */
export function apiFieldErrors(error: unknown, i18n: I18n): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(error.fields)) {
    const key = Array.isArray(value) ? (value as string[])[0] : value;
    fields[name] = isKey(key, i18n) ? key : 'register.errorform';
  }
  return fields;
}

/** The alert above a form after a failed call: network, too many tries, field errors, or the server. */
export function apiAlertKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'account.errorserver';
  // Account deletion: a saved method still chargeable at its provider keeps the account (nothing erased).
  if (error.error === 'payment_methods_not_detached') return 'account.deletion.errormethods';
  if (error.error === 'payment_methods_changed') return 'account.deletion.errormethodschanged';
  if (error.status === 0 || [502, 503, 504].includes(error.status)) return 'account.errornetwork';
  if (error.status === 429) return 'account.errortoomany';
  if (error.error === 'recent_login_required') return 'account.errorrecentlogin';
  if (error.fields) return 'account.errorsummary';
  return 'account.errorserver';
}
