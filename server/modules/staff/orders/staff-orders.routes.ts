import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  availableVpsQuerySchema,
  billingOrderActionSchema,
  confirmOrderSchema,
  staffOrdersQuerySchema,
  takeOrderSchema,
  type AvailableVpsListDto,
  type StaffOrdersDto,
  type SuccessDto,
  type TakeOrderDto,
} from '../../../../shared/schemas/staff';
import { osFamilyOf } from '../../../../shared/staff/os-family';
import type { StaffGuards } from '../../../http/require-staff';
import { assertOwnUserId, currentUser } from '../../../http/require-user';
import { validate } from '../../../http/validate';
import { findOrder } from '../../orders/orders.repo';
import { OrderNotFound } from './staff-orders.errors';
import { presentAvailableVps, presentStaffOrder } from './staff-orders.presenter';
import { findStaffOrder, listAvailableVps, listOpenOrders, orderDeliveryTerms } from './staff-orders.repo';
import type { StaffOrders } from './staff-orders.service';

const orderIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The staff order workflow (spec §2 "Orders page", §7 "Staff"): the list, 'Prendre', the VPS
 * selection and 'Attribuer' for the orders area (support on duty, manager, admin); mark-paid and
 * cancel for Billing (admin). A userId sent by the client must be the caller's own.
 */
export function staffOrdersRoutes({ db, guards, orders }: { db: Knex; guards: StaffGuards; orders: StaffOrders }): Router {
  const router = Router();
  const ordersArea = [guards.staff, guards.area('orders')];
  const billingArea = [guards.staff, guards.area('billing')];

  router.get('/admin/orders', ...ordersArea, async (req, res) => {
    const user = currentUser(req);
    const query = validate(staffOrdersQuerySchema, req.query);
    assertOwnUserId(user, query.userId);
    const rows = await listOpenOrders(db, query.page, query.limit);
    res.set('Cache-Control', 'no-store');
    res.json({ orders: rows.map(presentStaffOrder), page: query.page, limit: query.limit } satisfies StaffOrdersDto);
  });

  router.post('/admin/orders/:id/take', ...ordersArea, async (req, res) => {
    const user = currentUser(req);
    const { id } = validate(orderIdParams, req.params);
    assertOwnUserId(user, validate(takeOrderSchema, req.body ?? {}).userId);
    await orders.take(user, id, req.ip);
    const order = await findStaffOrder(db, id);
    res.json({ success: true, order: presentStaffOrder(order!) } satisfies TakeOrderDto);
  });

  router.get('/admin/vps/available', ...ordersArea, async (req, res) => {
    const user = currentUser(req);
    const query = validate(availableVpsQuerySchema, req.query);
    assertOwnUserId(user, query.userId);
    let family = null;
    if (query.orderId !== undefined) {
      if (!(await findOrder(db, query.orderId))) throw OrderNotFound();
      family = osFamilyOf((await orderDeliveryTerms(db, query.orderId)).os);
    }
    const rows = await listAvailableVps(db, family);
    res.set('Cache-Control', 'no-store');
    res.json({ vpsList: rows.map(presentAvailableVps) } satisfies AvailableVpsListDto);
  });

  router.post('/admin/orders/:id/confirm', ...ordersArea, async (req, res) => {
    const user = currentUser(req);
    const { id } = validate(orderIdParams, req.params);
    const body = validate(confirmOrderSchema, req.body ?? {});
    assertOwnUserId(user, body.userId);
    await orders.confirm(user, id, body.vpsId, req.ip);
    res.json({ success: true } satisfies SuccessDto);
  });

  router.post('/admin/orders/:id/mark-paid', ...billingArea, async (req, res) => {
    const user = currentUser(req);
    const { id } = validate(orderIdParams, req.params);
    assertOwnUserId(user, validate(billingOrderActionSchema, req.body ?? {}).userId);
    await orders.markPaid(user, id, req.ip);
    res.json({ success: true } satisfies SuccessDto);
  });

  router.post('/admin/orders/:id/cancel', ...billingArea, async (req, res) => {
    const user = currentUser(req);
    const { id } = validate(orderIdParams, req.params);
    assertOwnUserId(user, validate(billingOrderActionSchema, req.body ?? {}).userId);
    await orders.cancel(user, id, req.ip);
    res.json({ success: true } satisfies SuccessDto);
  });

  return router;
}
