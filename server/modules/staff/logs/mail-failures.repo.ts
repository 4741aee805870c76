import type { Knex } from 'knex';
import { readKeysetPage, type Keyset } from '../../../db/keyset';
import type { MailFailureDto } from '../../../../shared/schemas/mail-failures';

/** Given up, or tried at least once and waiting for the next try. */
const notDelivered = (q: Knex.QueryBuilder) =>
  q.where('status', 'failed').orWhere((w) => w.where('status', 'pending').where('attempts', '>', 0));

interface FailureRow {
  id: number;
  status: 'failed' | 'pending';
  to_email: string;
  template: string;
  subject: string;
  language: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  created_at: Date;
}

const COLUMNS = ['id', 'status', 'to_email', 'template', 'subject', 'language', 'attempts', 'last_error', 'next_attempt_at', 'created_at'];

function toDto(r: FailureRow): MailFailureDto {
  return {
    id: r.id,
    status: r.status,
    to: r.to_email,
    template: r.template,
    subject: r.subject,
    language: r.language,
    attempts: r.attempts,
    lastError: r.last_error,
    // A failed mail has no next try until staff send it again.
    nextAttemptAt: r.status === 'pending' && r.next_attempt_at ? r.next_attempt_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
  };
}

/** Newest mail first, id breaking ties (partial index mail_outbox_undelivered_newest_idx). */
const NEWEST_MAILS: Keyset = { table: 'mail_outbox', alias: 'mail_outbox', keys: ['{t}.created_at', '{t}.id'], direction: 'desc' };

/** The mails that did not leave, newest first, after the mail `after` (keyset); the next page's cursor. */
export async function listMailFailures(
  db: Knex,
  after: number | undefined,
  limit: number,
): Promise<{ mails: MailFailureDto[]; next: number | null }> {
  const { rows, next } = await readKeysetPage<FailureRow>(
    db('mail_outbox')
      .where(notDelivered)
      .select(COLUMNS.map((c) => `mail_outbox.${c}`)),
    NEWEST_MAILS,
    after,
    limit,
  );
  return { mails: rows.map(toDto), next };
}

/**
 * Puts a failed mail (or one waiting for a retry) back in line, due now. Null when there is no
 * such mail or it has left meanwhile.
 */
export async function requeueMail(trx: Knex, id: number, now: Date): Promise<{ before: MailFailureDto; after: MailFailureDto } | null> {
  const current: FailureRow | undefined = await trx('mail_outbox').where({ id }).where(notDelivered).forUpdate().first(COLUMNS);
  if (!current) return null;
  const [updated]: FailureRow[] = await trx('mail_outbox')
    .where({ id })
    .update({ status: 'pending', next_attempt_at: now, updated_at: now })
    .returning(COLUMNS);
  return { before: toDto(current), after: toDto(updated!) };
}
