import type { Knex } from 'knex';
import type { MailFailureDto } from '../../../../shared/schemas/mail-failures';
import { NotFoundError } from '../../../http/errors';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import type { Mailer } from '../../mail/mail.service';
import { listMailFailures, requeueMail } from './mail-failures.repo';

/** Logs, second list (admin only): the mails that did not leave, and sending one again. */
export function createMailFailures({ db, mailer }: { db: Knex; mailer: Mailer }) {
  return {
    async page(page: {
      after?: number;
      limit: number;
    }): Promise<{ mails: MailFailureDto[]; limit: number; next: number | null; hasMore: boolean }> {
      const { mails, next } = await listMailFailures(db, page.after, page.limit);
      return { mails, limit: page.limit, next, hasMore: next !== null };
    },

    /** Puts the mail back in line (audited) and tries it at once; 404 when it is not waiting. */
    async retry(actor: UserRow, id: number, ip?: string): Promise<MailFailureDto> {
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
          ip,
        });
        return changed.after;
      });
      if (!mail) throw NotFoundError('No such mail waiting to be sent');
      mailer.send([id]); // tried at once; the mail-outbox job retries it if the server still refuses
      return mail;
    },
  };
}
export type MailFailures = ReturnType<typeof createMailFailures>;
