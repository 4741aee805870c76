import { Router } from 'express';
import type { Knex } from 'knex';
import type { StaffGuards } from '../../../http/require-staff';
import { bindDb } from '../../../shared/bind-db';
import type { Mailer } from '../../mail/mail.service';
import { mailFailuresRoutes } from './mail-failures.routes';
import { createMailFailures } from './mail-failures.service';
import { staffLogsRoutes } from './staff-logs.routes';
import { auditLogPage } from './staff-logs.service';

/** Back-office "Logs": the audit log and the mails that did not leave. */
export function staffLogsModule({ db, guards, mailer }: { db: Knex; guards: StaffGuards; mailer: Mailer }) {
  const routes = Router();
  routes.use(staffLogsRoutes({ auditLog: { page: bindDb(db, auditLogPage) }, guards }));
  routes.use(mailFailuresRoutes({ failures: createMailFailures({ db, mailer }), guards }));
  return { routes };
}
