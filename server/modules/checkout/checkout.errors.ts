import { ForbiddenError, HttpError } from '../../http/errors';

// The checkout's refusals; the client turns each code into the page's text.

export const EmailNotVerified = () => ForbiddenError('email_not_verified', 'Confirm your e-mail address before paying');
export const TotalMismatch = (expectedCents: number) =>
  new HttpError(400, 'total_mismatch', `The total does not match the current prices (${expectedCents} cents)`, {
    totalCents: ['checkout.errors.totalMismatch'],
  });
export const OutOfStock = (productId: number) =>
  new HttpError(409, 'out_of_stock', 'This product is out of stock', undefined, { productId });
export const ProductUnavailable = (productIds: number[]) =>
  new HttpError(409, 'product_unavailable', 'A product of the cart is no longer sold', undefined, { productIds });
export const MixedCurrencies = () =>
  new HttpError(400, 'mixed_currencies', 'Products of one order must share a currency', { items: ['checkout.errors.items'] });
export const OrderNotPayable = (status: string) => new HttpError(409, 'order_not_payable', `This order cannot be paid (status ${status})`);
export const PaymentProviderUnavailable = (orderId: number) =>
  new HttpError(502, 'payment_provider_unavailable', 'The payment could not be started; the order is kept unpaid', undefined, {
    orderId,
  });
export const PaymentMethodUnavailable = () =>
  new HttpError(503, 'payment_method_unavailable', 'This payment method is not available at the moment');
export const TooManyUnpaidOrders = (max: number) =>
  new HttpError(
    409,
    'too_many_unpaid_orders',
    `You already have ${max} unpaid orders: pay one, or wait for its reservation to end, before ordering again`,
    undefined,
    { maxUnpaidOrders: max },
  );
export const ReservationExpired = () =>
  new HttpError(409, 'reservation_expired', 'This order was not paid in time: it is being cancelled and can no longer be paid');
export const TooManyUnitsReserved = (productId: number, max: number, held: number) =>
  new HttpError(
    409,
    'too_many_units_reserved',
    `Unpaid orders hold at most ${max} units of one product per customer (${held} held already): pay them first, or order fewer`,
    undefined,
    { productId, maxUnits: max, heldUnits: held },
  );
