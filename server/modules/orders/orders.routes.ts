import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { NotFoundError } from '../../http/errors';
import { currentUser } from '../../http/require-user';
import type { PaymentReconciler } from '../payments/reconcile';
import { findCustomerOrder, linesByOrder, listCustomerOrders } from './orders.repo';
import { presentCustomerOrder } from './orders.presenter';

const orderIdParams = z.object({ id: z.coerce.number().int().positive() });

/** A customer's own orders: GET /api/orders/{id} (test payment page, return pages) and GET /api/vps/orders (panel). */
export function ordersRoutes(deps: { db: Knex; requireUser: RequestHandler; reconcile: PaymentReconciler }): Router {
  const { db, requireUser, reconcile } = deps;
  const router = Router();

  router.get('/orders/:id', requireUser, async (req, res) => {
    const user = currentUser(req);
    const params = orderIdParams.safeParse(req.params);
    let order = params.success ? await findCustomerOrder(db, user.id, params.data.id) : undefined;
    if (!order) throw NotFoundError('No such order');
    // The return page polls this while the payment is confirmed: ask the provider too.
    if (await reconcile(order)) order = (await findCustomerOrder(db, user.id, order.id))!;
    const lines = await linesByOrder(db, [order.id]);
    res.set('Cache-Control', 'no-store');
    res.json({ order: presentCustomerOrder(order, lines.get(order.id) ?? []) });
  });

  router.get('/vps/orders', requireUser, async (req, res) => {
    const user = currentUser(req);
    const orders = await listCustomerOrders(db, user.id);
    const lines = await linesByOrder(db, orders.map((o) => o.id));
    res.set('Cache-Control', 'no-store');
    res.json({ orders: orders.map((o) => presentCustomerOrder(o, lines.get(o.id) ?? [])) });
  });

  return router;
}
