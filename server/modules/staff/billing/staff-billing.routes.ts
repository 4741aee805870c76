import { Router } from 'express';
import { staffBillingApi } from '../../../../shared/contract/staff-billing';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import { authorize } from '../../../policies/authorize';
import type { StaffOrders } from '../orders/staff-orders.service';
import type { billingPage } from './billing-list.service';
import type { refundOrder } from './staff-billing.service';
import type { OmitDb } from '../../../shared/bind-db';

/** What Billing's routes call: its list, and a refund (its deps bound by the module entry). */
export interface StaffBilling {
  page: OmitDb<typeof billingPage>;
  refund: (
    ...args: Parameters<typeof refundOrder> extends [unknown, unknown, ...infer Rest] ? Rest : never
  ) => ReturnType<typeof refundOrder>;
}

/**
 * Back-office category 4 "Facturation" (admin only): the orders to collect, the announced bank
 * transfers, the settled orders; a transfer marked received, an order cancelled, a refund to the
 * customer's wallet or payment method. A userId sent by the client must be the caller's own.
 */
export function staffBillingRoutes(deps: {
  billing: StaffBilling;
  guards: StaffGuards;
  orders: Pick<StaffOrders, 'markPaid' | 'cancel'>;
}): Router {
  const { billing, guards, orders } = deps;
  const router = Router();
  const billingArea = [guards.staff, guards.area('billing')];

  route(router, staffBillingApi.list, ...billingArea, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return billing.page(query);
  });

  route(router, staffBillingApi.markPaid, ...billingArea, async ({ req, params, body }) => {
    const user = currentUser(req);
    authorize(user, 'account.actFor', body.userId);
    await orders.markPaid(user, params.id, req.ip);
    return { success: true as const };
  });

  route(router, staffBillingApi.cancel, ...billingArea, async ({ req, params, body }) => {
    const user = currentUser(req);
    authorize(user, 'account.actFor', body.userId);
    await orders.cancel(user, params.id, req.ip);
    return { success: true as const };
  });

  route(router, staffBillingApi.refund, ...billingArea, async ({ req, params, body }) => {
    const user = currentUser(req);
    authorize(user, 'account.actFor', body.userId);
    return {
      success: true as const,
      wallet_cents: await billing.refund(user, params.id, body, req.ip),
    };
  });

  return router;
}
