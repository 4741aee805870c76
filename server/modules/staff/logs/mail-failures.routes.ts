import { Router } from 'express';
import type { Knex } from 'knex';
import {
  MAIL_FAILURES_PAGE_SIZE,
  mailFailureIdParams,
  mailFailuresQuerySchema,
  type MailFailuresPageDto,
  type MailRetryDto,
} from '../../../../shared/schemas/mail-failures';
import { NotFoundError } from '../../../http/errors';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { validate } from '../../../http/validate';
import { writeAudit } from '../../audit/audit.repo';
import type { Mailer } from '../../mail/mail.service';
import { listMailFailures, requeueMail } from './mail-failures.repo';

/** Back-office "Logs" (admin only), second list: the mails that did not leave, and sending one again. */
export function mailFailuresRoutes({ db, guards, mailer }: { db: Knex; guards: StaffGuards; mailer: Mailer }): Router {
  const router = Router();

  router.get('/admin/mail-failures', guards.staff, guards.area('logs'), async (req, res) => {
    const { page } = validate(mailFailuresQuerySchema, req.query);
    const { mails, hasMore } = await listMailFailures(db, page, MAIL_FAILURES_PAGE_SIZE);
    res.set('Cache-Control', 'no-store');
    res.json({ mails, page, limit: MAIL_FAILURES_PAGE_SIZE, hasMore } satisfies MailFailuresPageDto);
  });

  router.post('/admin/mail-failures/:id/retry', guards.staff, guards.area('logs'), async (req, res) => {
    const { id } = validate(mailFailureIdParams, req.params);
    const actor = currentUser(req);
    const mail = await db.transaction(async (trx) => {
      const changed = await requeueMail(trx, id, mailer.clock.now());
      if (!changed) return null;
      await writeAudit(trx, {
        actorId: actor.id,
        action: 'mail.retry_requested',
        entityType: 'mail',
        entityId: id,
        before: { status: changed.before.status, attempts: changed.before.attempts },
        after: { status: changed.after.status, template: changed.after.template },
        ip: req.ip,
      });
      return changed.after;
    });
    if (!mail) throw NotFoundError('No such mail waiting to be sent');
    mailer.send([id]); // tried at once; the mail-outbox job retries it if the server still refuses
    res.json({ mail } satisfies MailRetryDto);
  });

  return router;
}
