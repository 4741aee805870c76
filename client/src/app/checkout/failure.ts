import { ANSWER_BREAKS_CONTRACT } from '../../api/call';
import { ApiError } from '../../api/client';

// The checkout's refusals (server checkout.errors) as locale keys, for the cart and the payment pages.
const BY_CODE: Record<string, string> = {
  email_not_verified: 'checkout.failure.emailNotVerified',
  out_of_stock: 'checkout.failure.outOfStock',
  total_mismatch: 'checkout.failure.totalMismatch',
  product_unavailable: 'checkout.failure.productUnavailable',
  payment_provider_unavailable: 'checkout.failure.providerUnavailable',
  too_many_unpaid_orders: 'checkout.failure.tooManyUnpaidOrders',
  too_many_units_reserved: 'checkout.failure.tooManyUnitsReserved',
  reservation_expired: 'checkout.failure.reservationExpired',
  not_found: 'checkout.errors.order',
};

/**
 * The text for a failed call: a known refusal, else the server's own text when it is one of our
 * locale keys (a field message), else `fallback`. A server sentence that is not a locale key is
 * never shown: it would not be in the page's language.
 */
export function checkoutFailureKey(
  error: unknown,
  fallback = 'checkout.failure.generic',
  isKey: (value: string) => boolean = () => false,
): string {
  if (!(error instanceof ApiError)) return fallback;
  // An answer outside the contract (checked in development) is the server's fault, not the network's.
  if (error.error === ANSWER_BREAKS_CONTRACT) return fallback;
  if (error.status === 0) return 'checkout.failure.network';
  // The session has just been ended (useAuthedApi): the button now leads to login.
  if (error.status === 401) return 'checkout.failure.sessionExpired';
  const byCode = BY_CODE[error.error];
  if (byCode) return byCode;
  const serverText = [...Object.values(error.fields ?? {}).flat(), error.message].find((text) => looksLikeKey(text) && isKey(text));
  return serverText ?? fallback;
}

function looksLikeKey(value: string): boolean {
  return /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/.test(value);
}
