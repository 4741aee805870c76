import { Router } from 'express';
import { staffOrdersApi } from '../../../../shared/contract/staff-orders';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import { authorize } from '../../../policies/authorize';
import type { StaffOrderDesk } from './staff-order-desk.service';
import type { StaffOrders } from './staff-orders.service';

/**
 * The staff order workflow (spec §2 "Orders page", §7 "Staff"): the list, 'Prendre', the VPS
 * selection and 'Attribuer' for the orders area (support on duty, manager, admin). A userId sent
 * by the client must be the caller's own. Mark-paid and cancel are Billing's (staff-billing.routes.ts).
 */
export function staffOrdersRoutes({ desk, guards, orders }: { desk: StaffOrderDesk; guards: StaffGuards; orders: StaffOrders }): Router {
  const router = Router();
  const ordersArea = [guards.staff, guards.area('orders')];

  route(router, staffOrdersApi.list, ...ordersArea, async ({ req, res, query }) => {
    authorize(currentUser(req), 'account.actFor', query.userId);
    res.set('Cache-Control', 'no-store');
    return { ...(await desk.list({ after: query.after, page: query.page }, query.limit)), limit: query.limit };
  });

  route(router, staffOrdersApi.take, ...ordersArea, async ({ req, params, body }) => {
    const user = currentUser(req);
    authorize(user, 'account.actFor', body.userId);
    return { success: true as const, order: await desk.take(user, params.id, req.ip) };
  });

  route(router, staffOrdersApi.availableVps, ...ordersArea, async ({ req, res, query }) => {
    authorize(currentUser(req), 'account.actFor', query.userId);
    res.set('Cache-Control', 'no-store');
    return desk.availableVps(query.orderId, { after: query.after, limit: query.limit });
  });

  route(router, staffOrdersApi.confirm, ...ordersArea, async ({ req, params, body }) => {
    const user = currentUser(req);
    authorize(user, 'account.actFor', body.userId);
    await orders.confirm(user, params.id, body.vpsId, req.ip, { upgrade: body.upgrade === true });
    return { success: true as const };
  });

  return router;
}
