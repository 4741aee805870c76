import { Router, type RequestHandler } from 'express';
import { checkoutApi } from '../../../shared/contract/checkout';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { Mailer } from '../mail/mail.service';
import type { ReservationPolicy } from '../orders/reservation';
import type { VatService } from '../vat/vat.service';
import { presentCheckoutStarted, presentPaypalOrder } from './checkout.presenter';
import { createCheckout } from './checkout.service';
import type { StartPaymentDeps } from './start-payment';

/**
 * Card (Stripe Checkout), PayPal and invoice payment (Mollie): each answers where to send the
 * customer.
 */
export function checkoutRoutes(
  deps: StartPaymentDeps & { mailer: Mailer; requireUser: RequestHandler; vat: VatService; reservations: ReservationPolicy },
): Router {
  const checkout = createCheckout(deps);
  const router = Router();

  route(router, checkoutApi.card, deps.requireUser, async ({ req, body }) =>
    presentCheckoutStarted(await checkout.card(currentUser(req), body)),
  );

  route(router, checkoutApi.paypal, deps.requireUser, async ({ req, body }) =>
    presentPaypalOrder(await checkout.paypal(currentUser(req), body)),
  );

  route(router, checkoutApi.paypalAgain, deps.requireUser, async ({ req, body }) =>
    presentPaypalOrder(await checkout.paypalAgain(currentUser(req), body)),
  );

  route(router, checkoutApi.invoice, deps.requireUser, async ({ req, body }) =>
    presentCheckoutStarted(await checkout.invoice(currentUser(req), body)),
  );

  return router;
}
