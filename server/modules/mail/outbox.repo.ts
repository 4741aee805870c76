import type { Knex } from 'knex';

export interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

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
}

export async function insertOutboxMail(db: Knex, mail: NewOutboxMail & { dedupe_key: string }): Promise<number | null>;
export async function insertOutboxMail(db: Knex, mail: NewOutboxMail): Promise<number>;
/** With a dedupe_key, a second mail under the same key is not written (null). */
export async function insertOutboxMail(db: Knex, mail: NewOutboxMail): Promise<number | null> {
  const [row] = await db('mail_outbox').insert(mail).onConflict('dedupe_key').ignore().returning('id');
  return (row as { id: number } | undefined)?.id ?? null;
}

/**
 * Locks one pending mail for its sender until the transaction ends: the given one whatever its
 * next attempt (a first try, a retry asked by staff), or else the most overdue one. SKIP LOCKED:
 * a mail another instance is sending is passed over, never sent twice.
 */
export async function claimPendingMail(trx: Knex, by: { id: number } | { dueAt: Date }): Promise<OutboxRow | undefined> {
  const q = trx<OutboxRow>('mail_outbox').where({ status: 'pending' });
  if ('id' in by) q.where({ id: by.id });
  else q.where('next_attempt_at', '<=', by.dueAt).orderBy([{ column: 'next_attempt_at' }, { column: 'id' }]);
  return q.forUpdate().skipLocked().first();
}

export function markMailSent(db: Knex, id: number): Promise<number> {
  return db('mail_outbox')
    .where({ id })
    .update({ status: 'sent', sent_at: db.fn.now(), attempts: db.raw('attempts + 1'), last_error: null, updated_at: db.fn.now() });
}

/** A failed try: counted, its error kept; tried again at `retryAt`, or given up (failed) when null. */
export function markAttemptFailed(db: Knex, id: number, error: string, retryAt: Date | null): Promise<number> {
  return db('mail_outbox')
    .where({ id })
    .update({
      status: retryAt ? 'pending' : 'failed',
      attempts: db.raw('attempts + 1'),
      last_error: error,
      ...(retryAt ? { next_attempt_at: retryAt } : {}),
      updated_at: db.fn.now(),
    });
}
