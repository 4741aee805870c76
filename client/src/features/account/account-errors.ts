import { ApiError } from '../../api/client';

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
