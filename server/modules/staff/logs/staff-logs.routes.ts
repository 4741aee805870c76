import { Router } from 'express';
import { staffLogsApi } from '../../../../shared/contract/staff-logs';
import type { StaffGuards } from '../../../http/require-staff';
import { route } from '../../../http/route';
import type { OmitDb } from '../../../shared/bind-db';
import type { auditLogPage } from './staff-logs.service';

/** Back-office category 5 "Logs" (admin only): who did what, when, from the audit log. */
export function staffLogsRoutes({ auditLog, guards }: { auditLog: { page: OmitDb<typeof auditLogPage> }; guards: StaffGuards }): Router {
  const router = Router();

  route(router, staffLogsApi.auditLog, guards.staff, guards.area('logs'), async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return auditLog.page(query);
  });

  return router;
}
