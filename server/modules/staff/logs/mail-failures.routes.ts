import { Router } from 'express';
import { staffLogsApi } from '../../../../shared/contract/staff-logs';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { MailFailures } from './mail-failures.service';

/** Back-office "Logs" (admin only), second list: the mails that did not leave, and sending one again. */
export function mailFailuresRoutes({ failures, guards }: { failures: MailFailures; guards: StaffGuards }): Router {
  const router = Router();
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
