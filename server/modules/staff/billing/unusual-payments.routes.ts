import { Router } from 'express';
import type { Knex } from 'knex';
import { staffBillingPaymentsApi } from '../../../../shared/contract/staff-billing-payments';
import type { StaffGuards } from '../../../http/require-staff';
import { route } from '../../../http/route';
import { unusualPaymentsPage } from './unusual-payments.service';

/** Billing's payments in an unusual state (admin only, like the rest of Billing). */
export function unusualPaymentsRoutes(deps: { db: Knex; guards: StaffGuards }): Router {
  const { db, guards } = deps;
  const router = Router();

  route(router, staffBillingPaymentsApi.unusualPayments, guards.staff, guards.area('billing'), async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return unusualPaymentsPage(db, query);
  });

  return router;
}
