import { Router } from 'express';
import type { Knex } from 'knex';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import type { PaymentAdapters } from '../../providers/payments/index';
import { findOrder } from '../orders/orders.repo';
import type { PaymentEvents } from './payment-events.service';

/**
 * GET /api/payment/paypal/return: PayPal sends the customer back here after approval. The order is
 * captured now (the approval webhook captures it too if the customer never comes back; PayPal keeps
 * the capture idempotent), then the customer goes on to the success page, which waits for the status.
 */
export function paypalReturnRoutes(deps: { db: Knex; adapters: PaymentAdapters; events: PaymentEvents; publicUrl: string }): Router {
  const router = Router();
  router.get('/payment/paypal/return', async (req, res) => {
    const orderId = Number(req.query.orderId);
    const lng: Language = LANGUAGES.includes(req.query.lng as Language) ? (req.query.lng as Language) : DEFAULT_LANGUAGE;
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    const adapter = deps.adapters.paypal;
    const order = Number.isInteger(orderId) && orderId > 0 ? await findOrder(deps.db, orderId) : undefined;
    // Only the PayPal order this order is waiting for: a forged token captures nothing.
    if (order && order.status === 'unpaid' && token && token === order.provider_ref && adapter.capture) {
      try {
        await deps.events.apply(await adapter.capture(token));
      } catch (err) {
        req.log.warn({ orderId, reason: err instanceof Error ? err.message : String(err) }, 'PayPal capture on return failed');
      }
    }
    res.redirect(303, `${deps.publicUrl}/${lng}/payment/success?orderId=${order ? order.id : ''}`);
  });
  return router;
}
