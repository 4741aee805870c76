import { Router, type RequestHandler } from 'express';
import {
  cardCheckoutSchema,
  invoicePaymentSchema,
  paypalCreateOrderSchema,
  type CheckoutStartedDto,
  type PaypalOrderCreatedDto,
} from '../../../shared/schemas/checkout';
import type { Language } from '../../../shared/i18n/languages';
import { NotFoundError } from '../../http/errors';
import { assertOwnUserId, currentUser } from '../../http/require-user';
import { validate } from '../../http/validate';
import type { UserRow } from '../auth/users.repo';
import { findCustomerOrder } from '../orders/orders.repo';
import type { PaymentProvider } from '../../providers/payments/types';
import type { VatService } from '../vat/vat.service';
import { PaymentMethodUnavailable } from './checkout.errors';
import { assertCanPay, placeOrder } from './place-order';
import { startPayment, type StartPaymentDeps } from './start-payment';
import type { Mailer } from '../mail/mail.service';
import { mailOrderReceived } from './order-received-mail';

const languageOf = (user: UserRow, lng: Language | undefined): Language => lng ?? user.language;

/**
 * Card (Stripe Checkout), PayPal and invoice payment (Mollie). Each creates or reuses an unpaid
 * order on the server and answers where to send the customer.
 */
export function checkoutRoutes(deps: StartPaymentDeps & { mailer: Mailer; requireUser: RequestHandler; vat: VatService }): Router {
  const { db, requireUser } = deps;
  // The VAT treatment is decided (VIES asked if need be) before the order's transaction opens.
  const vatOf = async (user: UserRow) => (await deps.vat.forCustomer(user)).treatment;
  const router = Router();
  // Checked before any order exists: no stock is held for a method that cannot be paid.
  const assertOffered = (provider: PaymentProvider) => {
    if (deps.adapters[provider].mode === 'disabled') throw PaymentMethodUnavailable();
  };

  router.post('/checkout/stripe', requireUser, async (req, res) => {
    const user = currentUser(req);
    const input = validate(cardCheckoutSchema, req.body);
    assertOwnUserId(user, input.userId);
    assertOffered('stripe');
    const order = await placeOrder(db, user, { items: input.items, claimedTotalCents: input.totalCents, paymentMethod: 'card', vat: await vatOf(user) });
    await mailOrderReceived(deps, order, user); // placed even if the provider is down: payable later
    const { redirectUrl } = await startPayment(deps, order, user, 'stripe', languageOf(user, input.lng));
    res.status(201).json({ checkoutUrl: redirectUrl, orderId: order.id } satisfies CheckoutStartedDto);
  });

  router.post('/payment/create-order', requireUser, async (req, res) => {
    const user = currentUser(req);
    const input = validate(paypalCreateOrderSchema, req.body);
    assertOwnUserId(user, input.userId);
    assertOffered('paypal');
    const order = await placeOrder(db, user, { items: input.items, claimedTotalCents: input.amount, paymentMethod: 'paypal', vat: await vatOf(user) });
    await mailOrderReceived(deps, order, user);
    const { redirectUrl } = await startPayment(deps, order, user, 'paypal', languageOf(user, input.lng));
    res.status(201).json({ order: { id: order.id, paypalUrl: redirectUrl } } satisfies PaypalOrderCreatedDto);
  });

  router.post('/checkout/mollie/invoice', requireUser, async (req, res) => {
    const user = currentUser(req);
    const input = validate(invoicePaymentSchema, req.body);
    assertOwnUserId(user, input.userId);
    assertCanPay(user);
    assertOffered('mollie');
    const order = await findCustomerOrder(db, user.id, input.orderId);
    if (!order) throw NotFoundError('No such order');
    const { redirectUrl } = await startPayment(deps, order, user, 'mollie', languageOf(user, input.lng));
    res.json({ checkoutUrl: redirectUrl, orderId: order.id } satisfies CheckoutStartedDto);
  });

  return router;
}
