import { Router } from 'express';
import type { Knex } from 'knex';
import { staffLogsApi } from '../../../../shared/contract/staff-logs';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { Mailer } from '../../mail/mail.service';
import { createMailFailures } from './mail-failures.service';

/** Back-office "Logs" (admin only), second list: the mails that did not leave, and sending one again. */
export function mailFailuresRoutes({ db, guards, mailer }: { db: Knex; guards: StaffGuards; mailer: Mailer }): Router {
  const router = Router();
  const failures = createMailFailures({ db, mailer });
  const logsArea = [guards.staff, guards.area('logs')];

  route(router, staffLogsApi.mailFailures, ...logsArea, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return failures.page(query);
  });

  route(router, staffLogsApi.retryMail, ...logsArea, async ({ req, params }) => ({
    mail: await failures.retry(currentUser(req), params.id, req.ip),
  }));

  return router;
}
