import { Router } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import type { DocumentIssuer } from '../../invoices/document-issuer';
import { staffBillingApi } from '../../../../shared/contract/staff-billing';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import { authorize } from '../../../policies/authorize';
import type { StaffOrders } from '../orders/staff-orders.service';
import { billingPage } from './billing-list.service';
import type { Mailer } from '../../mail/mail.service';
import { refundOrder } from './staff-billing.service';

/**
 * Back-office category 4 "Facturation" (admin only): the orders to collect, the announced bank
 * transfers, the settled orders; a transfer marked received, an order cancelled, a refund to the
 * customer's wallet or payment method. A userId sent by the client must be the caller's own.
 */
export function staffBillingRoutes(deps: {
  db: Knex;
  guards: StaffGuards;
  clock: Clock;
  /** Refunds to the payment method are sent by a job after the commit. */
  jobs: JobQueue;
  /** Each refund's credit note. */
  documents: DocumentIssuer;
  /** The customer's mail when a refund ends an undelivered order. */
  mailer: Mailer;
  orders: Pick<StaffOrders, 'markPaid' | 'cancel'>;
}): Router {
  const { db, guards, clock, jobs, documents, mailer, orders } = deps;
  const router = Router();
  const billingArea = [guards.staff, guards.area('billing')];

  route(router, staffBillingApi.list, ...billingArea, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return billingPage(db, query);
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
      wallet_cents: await refundOrder(db, { jobs, documents, clock, mailer }, user, params.id, body, req.ip),
    };
  });

  return router;
}
