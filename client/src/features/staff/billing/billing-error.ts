import { ApiError } from '../../../api/client';

/** The refusals Billing explains; anything else gets the generic text. */
const KNOWN = [
  'order_not_unpaid',
  'order_not_cancellable',
  'order_not_paid',
  'refund_exceeds_paid',
  'refund_currency_mismatch',
  'refund_payment_unavailable',
  'order_not_found',
] as const;

/** The locale key of a failed action's message (staff.billing.errors.*), from the server's error code. */
export function billingErrorKey(error: unknown): string {
  const code = error instanceof ApiError && (KNOWN as readonly string[]).includes(error.error) ? error.error : 'generic';
  return `staff.billing.errors.${code}`;
}
