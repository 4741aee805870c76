import { HttpError } from '../../../http/errors';

// What a refund refuses; the client shows its texts from these codes (staff.billing.errors.*).

/** Nothing was received for this order (unpaid, or cancelled before any payment). */
export const OrderNotPaid = () => new HttpError(409, 'order_not_paid', 'Only an order that was paid can be refunded');
/** The amount is more than what is left to refund; `refundable_cents` says how much that is. */
export const RefundExceedsPaid = (refundableCents: number) =>
  new HttpError(409, 'refund_exceeds_paid', 'The refunds would exceed what was paid for this order', undefined, {
    refundable_cents: refundableCents,
  });
/**
 * A wallet holds one currency: an order paid in another cannot go back to it (a USD refund is not
 * EUR). `payment_refund` says whether the money can go back to the payment method instead (`to: 'payment'`).
 */
export const RefundCurrencyMismatch = (orderCurrency: string, walletCurrency: string, paymentRefund: boolean) =>
  new HttpError(
    409,
    'refund_currency_mismatch',
    `This order was paid in ${orderCurrency} and the wallet holds ${walletCurrency}: refund it to the payment method`,
    undefined,
    { order_currency: orderCurrency, wallet_currency: walletCurrency, payment_refund: paymentRefund },
  );
/** `to: 'payment'` for an order that was not paid through a payment provider (bank transfer, wallet). */
export const RefundPaymentUnavailable = () =>
  new HttpError(409, 'refund_payment_unavailable', 'This order was not paid through a payment provider: refund it to the wallet');
