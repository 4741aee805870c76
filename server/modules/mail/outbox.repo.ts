import type { Knex } from 'knex';

export interface OutboxRow {
  id: number;
  status: string;
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
}

export async function insertOutboxMail(db: Knex, mail: NewOutboxMail & { dedupe_key: string }): Promise<number | null>;
export async function insertOutboxMail(db: Knex, mail: NewOutboxMail): Promise<number>;
/** With a dedupe_key, a second mail under the same key is not written (null). */
export async function insertOutboxMail(db: Knex, mail: NewOutboxMail): Promise<number | null> {
  const [row] = await db('mail_outbox').insert(mail).onConflict('dedupe_key').ignore().returning('id');
  return (row as { id: number } | undefined)?.id ?? null;
}

export function findPendingMail(db: Knex, id: number): Promise<OutboxRow | undefined> {
  return db<OutboxRow>('mail_outbox').where({ id, status: 'pending' }).first();
}

export function markMailSent(db: Knex, id: number): Promise<number> {
  return db('mail_outbox')
    .where({ id })
    .update({ status: 'sent', sent_at: db.fn.now(), attempts: db.raw('attempts + 1'), updated_at: db.fn.now() });
}

export function markMailFailed(db: Knex, id: number, error: string): Promise<number> {
  return db('mail_outbox')
    .where({ id })
    .update({ status: 'failed', attempts: db.raw('attempts + 1'), last_error: error, updated_at: db.fn.now() });
}
