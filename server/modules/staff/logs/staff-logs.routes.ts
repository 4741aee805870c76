import { Router } from 'express';
import type { Knex } from 'knex';
import { AUDIT_LOG_PAGE_SIZE, auditLogQuerySchema, type AuditLogPageDto } from '../../../../shared/schemas/staff';
import type { StaffGuards } from '../../../http/require-staff';
import { validate } from '../../../http/validate';
import { listAuditEntries } from './audit-log.repo';

/** Back-office category 5 "Logs" (admin only): who did what, when, from the audit log. */
export function staffLogsRoutes({ db, guards }: { db: Knex; guards: StaffGuards }): Router {
  const router = Router();

  router.get('/admin/logs', guards.staff, guards.area('logs'), async (req, res) => {
    const query = validate(auditLogQuerySchema, req.query);
    const { entries, hasMore } = await listAuditEntries(db, query, AUDIT_LOG_PAGE_SIZE);
    res.set('Cache-Control', 'no-store');
    res.json({ entries, page: query.page, limit: AUDIT_LOG_PAGE_SIZE, hasMore } satisfies AuditLogPageDto);
  });

  return router;
}
