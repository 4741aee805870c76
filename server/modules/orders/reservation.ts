import type { PaymentMethod } from '../../../shared/constants';
import type { OrderRow } from './orders.repo';

// How long an unpaid checkout order holds the stock it took (issue 15, item 4). Past its deadline
// the reservation-expiry job cancels it and gives the stock back, so an order nobody pays never
// sells a product out for everybody. Renewal invoices hold no stock and have no deadline: the
// billing cycle's suspension rules deal with them.

/**
 * A provider's payment page (Stripe Checkout, PayPal, Mollie, the sandbox): the stock is held for
 * the life of one checkout session. Stripe Checkout sessions can be given this expiry (30 min at least).
 */
export const PROVIDER_CHECKOUT_RESERVATION_MINUTES = 60;

/** A bank transfer takes 1 to 2 business days: the order is due this many days after it is placed. */
export const DEFAULT_BANK_TRANSFER_RESERVATION_DAYS = 5;

/** Unpaid checkout orders one customer may hold at once: each holds stock until its deadline. */
export const MAX_UNPAID_ORDERS = 3;

/**
 * Units of one product one customer's unpaid orders may hold together (one order or several). A
 * product is often stocked at 5 or fewer: without it one bank-transfer order took all 5 for 5 days.
 * A customer buying a few servers takes 1 to 3 of one offer; more waits until they pay (a paid
 * order holds nothing). So an account never sells a product out alone, and keeping one sold out
 * takes several accounts, each with a confirmed mailbox. The client's texts name the number.
 */
export const MAX_UNPAID_UNITS_PER_PRODUCT = 3;

export interface ReservationPolicy {
  /** Days a bank-transfer order waits for its money (BANK_TRANSFER_RESERVATION_DAYS). */
  bankTransferDays: number;
}

export const DEFAULT_RESERVATION_POLICY: ReservationPolicy = { bankTransferDays: DEFAULT_BANK_TRANSFER_RESERVATION_DAYS };

const MINUTE_MS = 60_000;

/** The deadline of an order placed at `placedAt` to be paid by `method`. */
export function reservationDeadline(method: PaymentMethod, placedAt: Date, policy: ReservationPolicy): Date {
  const minutes = method === 'bank_transfer' ? policy.bankTransferDays * 24 * 60 : PROVIDER_CHECKOUT_RESERVATION_MINUTES;
  return new Date(placedAt.getTime() + minutes * MINUTE_MS);
}

/** An unpaid checkout order whose deadline has passed: no new payment starts for it, the job cancels it. */
export function reservationLapsed(order: Pick<OrderRow, 'status' | 'renewal_of_order_id' | 'reserved_until'>, now: Date): boolean {
  return (
    order.status === 'unpaid' &&
    order.renewal_of_order_id === null &&
    order.reserved_until !== null &&
    order.reserved_until.getTime() <= now.getTime()
  );
}
