import type { Knex } from 'knex';

export interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** An issued document whose PDF the mail carries. */
  attachment_document_id: number | null;
}

const ROW_COLUMNS = ['id', 'status', 'attempts', 'to_email', 'subject', 'text_body', 'html_body', 'attachment_document_id'];

export interface NewOutboxMail {
  to_email: string;
  template: string;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  dedupe_key?: string;
  /** When the delivery job may take it; the mailer's clock (tests move it), the database's now() otherwise. */
  next_attempt_at?: Date;
  /** An issued document whose stored PDF is attached when the mail leaves. */
  attachment_document_id?: number;
}

/** A sender's hold on one mail: until `until` (by the mailer's clock), under its own token. */
export interface MailClaim {
  token: string;
  now: Date;
  until: Date;
}

export async function insertOutboxMail(db: Knex, mail: NewOutboxMail & { dedupe_key: string }): Promise<number | null>;
export async function insertOutboxMail(db: Knex, mail: NewOutboxMail): Promise<number>;
/** With a dedupe_key, a second mail under the same key is not written (null). */
export async function insertOutboxMail(db: Knex, mail: NewOutboxMail): Promise<number | null> {
  const [row] = await db('mail_outbox').insert(mail).onConflict('dedupe_key').ignore().returning('id');
  return (row as { id: number } | undefined)?.id ?? null;
}

/**
 * Claims one pending mail that nobody holds (or whose holder's claim ran out: that sender died),
 * in one statement that commits at once: the given one whatever its next attempt (a first try, a
 * retry asked by staff), or else the most overdue one. SKIP LOCKED: two senders claiming at the
 * same moment take different mails. No lock is held once this returns; the claim is the hold.
 */
export async function claimPendingMail(db: Knex, by: { id: number } | { dueAt: Date }, claim: MailClaim): Promise<OutboxRow | undefined> {
  const free = db('mail_outbox')
    .select('id')
    .where({ status: 'pending' })
    .where((q) => q.whereNull('claimed_until').orWhere('claimed_until', '<=', claim.now));
  if ('id' in by) free.where({ id: by.id });
  else free.where('next_attempt_at', '<=', by.dueAt).orderBy([{ column: 'next_attempt_at' }, { column: 'id' }]);
  const [row] = await db('mail_outbox')
    .where('id', free.limit(1).forUpdate().skipLocked())
    .update({ claimed_until: claim.until, claim_token: claim.token, updated_at: claim.now })
    .returning(ROW_COLUMNS);
  return row as OutboxRow | undefined;
}

/** The mail as it waits, without claiming it (the sandbox only shows it in the log). */
export function findPendingMail(db: Knex, id: number): Promise<OutboxRow | undefined> {
  return db<OutboxRow>('mail_outbox').where({ id, status: 'pending' }).first(ROW_COLUMNS);
}

/** Recorded only under the claim's token: 0 when the claim ran out and another sender took the mail. */
export function markMailSent(db: Knex, id: number, token: string, now: Date): Promise<number> {
  return db('mail_outbox')
    .where({ id, claim_token: token })
    .update({
      status: 'sent',
      sent_at: now,
      attempts: db.raw('attempts + 1'),
      last_error: null,
      claimed_until: null,
      claim_token: null,
      updated_at: now,
    });
}

/** A failed try: counted, its error kept; tried again at `retryAt`, or given up (failed) when null. Under the claim's token. */
export function markAttemptFailed(db: Knex, id: number, token: string, error: string, retryAt: Date | null, now: Date): Promise<number> {
  return db('mail_outbox')
    .where({ id, claim_token: token })
    .update({
      status: retryAt ? 'pending' : 'failed',
      attempts: db.raw('attempts + 1'),
      last_error: error,
      ...(retryAt ? { next_attempt_at: retryAt } : {}),
      claimed_until: null,
      claim_token: null,
      updated_at: now,
    });
}
