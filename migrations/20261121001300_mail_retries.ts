import type { Knex } from 'knex';
import { JOB_SCHEMA, MAIL_OUTBOX_QUEUE } from '../server/jobs/queues';

export async function up(knex: Knex): Promise<void> {
  // A mail that could not leave is tried again later (backoff) instead of being given up at once.
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The delivery job reads the due pending mails; the Logs page the failed and retrying ones.
  await knex.raw("CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'");
  // Databases migrated before this queue existed (a fresh one got it from the payments migration).
  const { name, ...options } = MAIL_OUTBOX_QUEUE;
  const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
  if (!exists.rows.length) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [MAIL_OUTBOX_QUEUE.name]);
  await knex.raw('DROP INDEX mail_outbox_due_idx');
  await knex.schema.alterTable('mail_outbox', (t) => t.dropColumn('next_attempt_at'));
}
