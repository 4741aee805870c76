import { Router, type RequestHandler } from 'express';
import { ordersApi } from '../../../shared/contract/orders';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { CustomerOrders } from './customer-orders.service';

/**
 * A customer's own orders: GET /api/orders/{id} (test payment page, return pages), GET /api/vps/orders
 * (panel) and POST /api/orders/{id}/cancel (the customer gives up an unpaid order). */
export function ordersRoutes(deps: { orders: CustomerOrders; requireUser: RequestHandler }): Router {
  const { orders, requireUser } = deps;
  const router = Router();

  route(router, ordersApi.get, requireUser, async ({ req, res, params }) => {
    res.set('Cache-Control', 'no-store');
    return { order: await orders.one(currentUser(req), params.id) };
  });

  // Polled every 10 s: the browser keeps the page and asks again with its ETag (Express makes one
  // from the body), so an unchanged page costs a 304 without a body.
  route(router, ordersApi.list, requireUser, async ({ req, res, query }) => {
    res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Authorization' });
    return orders.list(currentUser(req), query);
  });

  route(router, ordersApi.cancel, requireUser, async ({ req, params }) => ({
    order: await orders.cancel(currentUser(req), params.id, req.ip),
  }));

  return router;
}
