import { Router, type RequestHandler } from 'express';
import { checkoutApi } from '../../../shared/contract/checkout';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { presentCheckoutStarted, presentPaypalOrder } from './checkout.presenter';
import type { Checkout } from './checkout.service';

/**
 * Card (Stripe Checkout), PayPal and invoice payment (Mollie): each answers where to send the
 * customer.
 */
export function checkoutRoutes(deps: { checkout: Checkout; requireUser: RequestHandler }): Router {
  const { checkout } = deps;
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
