import { Router } from 'express';
import { paymentsApi } from '../../../shared/contract/payments';
import { route, SENT } from '../../http/route';
import type { createPaypalReturn } from './paypal-return.service';

/**
 * GET /api/payment/paypal/return: PayPal sends the customer back here after approval; the order is
 * captured, then the customer goes on to the success page, which waits for the status.
 */
export function paypalReturnRoutes(deps: { captureOnReturn: ReturnType<typeof createPaypalReturn>; publicUrl: string }): Router {
  const { captureOnReturn } = deps;
  const router = Router();

  route(router, paymentsApi.paypalReturn, async ({ req, res, query }): Promise<typeof SENT> => {
    const orderId = await captureOnReturn(query.orderId, query.token, req.log);
    res.redirect(303, `${deps.publicUrl}/${query.lng}/payment/success?orderId=${orderId ?? ''}`);
    return SENT;
  });

  return router;
}
