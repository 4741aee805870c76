import { Router } from 'express';
import type { Knex } from 'knex';
import { staffAutoRenewalsApi } from '../../../../shared/contract/staff-auto-renewals';
import type { Clock } from '../../../clock/clock';
import type { StaffGuards } from '../../../http/require-staff';
import { route } from '../../../http/route';
import { staffAutoRenewals } from './auto-renewals.service';

/** Billing (admin only): the renewals charged on their own, and their attempts. */
export function staffAutoRenewalsRoutes(deps: { db: Knex; guards: StaffGuards; clock: Clock }): Router {
  const router = Router();
  route(router, staffAutoRenewalsApi.list, deps.guards.staff, deps.guards.area('billing'), async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return staffAutoRenewals(deps.db, deps.clock, query);
  });
  return router;
}
