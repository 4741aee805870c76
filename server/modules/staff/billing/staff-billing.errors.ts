import { HttpError } from '../../../http/errors';

// What a refund refuses; the client shows its texts from these codes (staff.billing.errors.*).

/** Nothing was received for this order (unpaid, or cancelled before any payment). */
export const OrderNotPaid = () => new HttpError(409, 'order_not_paid', 'Only an order that was paid can be refunded');
/** The amount is more than what is left to refund; `refundable_cents` says how much that is. */
export const RefundExceedsPaid = (refundableCents: number) =>
  new HttpError(409, 'refund_exceeds_paid', 'The refunds would exceed what was paid for this order', undefined, {
    refundable_cents: refundableCents,
  });
