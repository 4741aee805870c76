import type { Knex } from 'knex';
import { JOB_SCHEMA, SETTLE_PAYMENT_QUEUE } from '../server/jobs/queues';

// The queue that settles webhooks needing provider work (captures) outside the webhook's request;
// databases migrated before it existed get it here (a fresh one got it from the payments migration,
// which creates every queue of QUEUES).
export async function up(knex: Knex): Promise<void> {
  const { name, ...options } = SETTLE_PAYMENT_QUEUE;
  const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
  if (!exists.rows.length) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [SETTLE_PAYMENT_QUEUE.name]);
}
