import { Router } from 'express';
import type { Knex } from 'knex';
import { staffLogsApi } from '../../../../shared/contract/staff-logs';
import type { StaffGuards } from '../../../http/require-staff';
import { route } from '../../../http/route';
import { auditLogPage } from './staff-logs.service';

/** Back-office category 5 "Logs" (admin only): who did what, when, from the audit log. */
export function staffLogsRoutes({ db, guards }: { db: Knex; guards: StaffGuards }): Router {
  const router = Router();

  route(router, staffLogsApi.auditLog, guards.staff, guards.area('logs'), async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return auditLogPage(db, query);
  });

  return router;
}
