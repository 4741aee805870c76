import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  BILLING_PAGE_SIZE,
  billingQuerySchema,
  refundOrderSchema,
  type BillingPageDto,
  type RefundOrderDto,
} from '../../../../shared/schemas/staff';
import type { StaffGuards } from '../../../http/require-staff';
import { assertOwnUserId, currentUser } from '../../../http/require-user';
import { validate } from '../../../http/validate';
import { presentBillingOrder } from './staff-billing.presenter';
import { listBillingOrders } from './staff-billing.repo';
import { refundOrder } from './staff-billing.service';

const orderIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Back-office category 4 "Facturation" (admin only): the orders to collect, the announced bank
 * transfers, the settled orders, and refunds to the customer's wallet. Mark-paid and cancel live
 * with the order workflow (staff-orders.routes.ts).
 */
export function staffBillingRoutes({ db, guards }: { db: Knex; guards: StaffGuards }): Router {
  const router = Router();
  const billingArea = [guards.staff, guards.area('billing')];

  router.get('/admin/billing', ...billingArea, async (req, res) => {
    const query = validate(billingQuerySchema, req.query);
    const { rows, hasMore } = await listBillingOrders(db, query.filter, query.page, BILLING_PAGE_SIZE);
    res.set('Cache-Control', 'no-store');
    res.json({ orders: rows.map(presentBillingOrder), page: query.page, hasMore } satisfies BillingPageDto);
  });

  router.post('/admin/orders/:id/refund', ...billingArea, async (req, res) => {
    const user = currentUser(req);
    const { id } = validate(orderIdParams, req.params);
    const body = validate(refundOrderSchema, req.body ?? {});
    assertOwnUserId(user, body.userId);
    const walletCents = await refundOrder(db, user, id, body, req.ip);
    res.json({ success: true, wallet_cents: walletCents } satisfies RefundOrderDto);
  });

  return router;
}
