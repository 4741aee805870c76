import { Router } from 'express';
import { staffBillingPaymentsApi } from '../../../../shared/contract/staff-billing-payments';
import type { StaffGuards } from '../../../http/require-staff';
import { route } from '../../../http/route';
import type { unusualPaymentsPage } from './unusual-payments.service';
import type { OmitDb } from '../../../shared/bind-db';

/** Billing's payments in an unusual state (admin only, like the rest of Billing). */
export function unusualPaymentsRoutes(deps: {
  unusualPayments: { page: OmitDb<typeof unusualPaymentsPage> };
  guards: StaffGuards;
}): Router {
  const { unusualPayments, guards } = deps;
  const router = Router();

  route(router, staffBillingPaymentsApi.unusualPayments, guards.staff, guards.area('billing'), async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return unusualPayments.page(query);
  });

  return router;
}
