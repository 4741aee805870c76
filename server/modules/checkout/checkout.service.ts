import type { Language } from '../../../shared/i18n/languages';
import type { CardCheckoutInput, InvoicePaymentInput, PaypalCreateOrderInput } from '../../../shared/schemas/checkout';
import { NotFoundError } from '../../http/errors';
import { authorize } from '../../policies/authorize';
import type { PaymentProvider } from '../../providers/payments/types';
import type { UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { findCustomerOrder, type OrderRow } from '../orders/orders.repo';
import { reservationLapsed, type ReservationPolicy } from '../orders/reservation';
import type { VatService } from '../vat/vat.service';
import { PaymentMethodUnavailable, ReservationExpired } from './checkout.errors';
import { mailOrderReceived } from './order-received-mail';
import { assertCanPay, placeOrder } from './place-order';
import { startPayment, type StartPaymentDeps } from './start-payment';

/** An order with the provider page the customer is sent to. */
export interface StartedPayment {
  order: OrderRow;
  redirectUrl: string;
}

const languageOf = (user: UserRow, lng: Language | undefined): Language => lng ?? user.language;

/**
 * Card (Stripe Checkout), PayPal and invoice payment (Mollie). Each creates or reuses an unpaid
 * order on the server and opens the provider's payment for it.
 */
export function createCheckout(
  deps: StartPaymentDeps & { mailer: Mailer; vat: VatService; reservations: ReservationPolicy; ovhAutoOrder?: boolean },
) {
  const { db } = deps;
  const placing = { clock: deps.clock, reservations: deps.reservations, ovhAutoOrder: deps.ovhAutoOrder };
  // The VAT treatment is decided (VIES asked if need be) before the order's transaction opens.
  const vatOf = (user: UserRow) => deps.vat.forCustomer(user);
  // Checked before any order exists: no stock is held for a method that cannot be paid.
  const assertOffered = (provider: PaymentProvider) => {
    if (deps.adapters[provider].mode === 'disabled') throw PaymentMethodUnavailable();
  };

  async function card(user: UserRow, input: CardCheckoutInput): Promise<StartedPayment> {
    authorize(user, 'account.actFor', input.userId);
    assertOffered('stripe');
    const order = await placeOrder(
      db,
      user,
      { items: input.items, claimedTotalCents: input.totalCents, paymentMethod: 'card', vat: await vatOf(user) },
      placing,
    );
    await mailOrderReceived(deps, order, user); // placed even if the provider is down: payable later
    const { redirectUrl } = await startPayment(deps, order, user, 'stripe', languageOf(user, input.lng));
    return { order, redirectUrl };
  }

  async function paypal(user: UserRow, input: PaypalCreateOrderInput): Promise<StartedPayment> {
    authorize(user, 'account.actFor', input.userId);
    assertOffered('paypal');
    const order = await placeOrder(
      db,
      user,
      { items: input.items, claimedTotalCents: input.amount, paymentMethod: 'paypal', vat: await vatOf(user) },
      placing,
    );
    await mailOrderReceived(deps, order, user);
    const { redirectUrl } = await startPayment(deps, order, user, 'paypal', languageOf(user, input.lng));
    return { order, redirectUrl };
  }

  async function invoice(user: UserRow, input: InvoicePaymentInput): Promise<StartedPayment> {
    authorize(user, 'account.actFor', input.userId);
    assertCanPay(user);
    assertOffered('mollie');
    const order = await findCustomerOrder(db, user.id, input.orderId);
    if (!order) throw NotFoundError('No such order');
    authorize(user, 'order.pay', order);
    // Its stock is about to go back on sale: a payment opened now would arrive for a cancelled order.
    if (reservationLapsed(order, deps.clock.now())) throw ReservationExpired();
    const { redirectUrl } = await startPayment(deps, order, user, 'mollie', languageOf(user, input.lng));
    return { order, redirectUrl };
  }

  /** "Payer" on a PayPal order whose approval link lapsed (about 3 h): a fresh PayPal order for it. */
  async function paypalAgain(user: UserRow, input: InvoicePaymentInput): Promise<StartedPayment> {
    authorize(user, 'account.actFor', input.userId);
    assertOffered('paypal');
    const order = await findCustomerOrder(db, user.id, input.orderId);
    if (!order) throw NotFoundError('No such order');
    authorize(user, 'order.pay', order);
    if (reservationLapsed(order, deps.clock.now())) throw ReservationExpired();
    const { redirectUrl } = await startPayment(deps, order, user, 'paypal', languageOf(user, input.lng), true);
    return { order, redirectUrl };
  }

  return { card, paypal, invoice, paypalAgain };
}

export type Checkout = ReturnType<typeof createCheckout>;
