import { Router } from 'express';
import { staffAutoRenewalsApi } from '../../../../shared/contract/staff-auto-renewals';
import type { StaffGuards } from '../../../http/require-staff';
import { route } from '../../../http/route';
import type { staffAutoRenewals } from './auto-renewals.service';

/** Billing (admin only): the renewals charged on their own, and their attempts. */
export function staffAutoRenewalsRoutes(deps: {
  autoRenewals: { list: (query: Parameters<typeof staffAutoRenewals>[2]) => ReturnType<typeof staffAutoRenewals> };
  guards: StaffGuards;
}): Router {
  const router = Router();
  route(router, staffAutoRenewalsApi.list, deps.guards.staff, deps.guards.area('billing'), async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return deps.autoRenewals.list(query);
  });
  return router;
}
