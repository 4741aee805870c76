import type { Knex } from 'knex';
import { JOB_SCHEMA, PAYMENT_SWEEP_QUEUE } from '../server/jobs/queues';

// The reconciliation sweep asks the provider about each open checkout on a schedule of its own
// (often while young, then hourly): when it asks next, and how often it asked.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payment_sessions', (t) => {
    t.timestamp('next_check_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('checks').notNullable().defaultTo(0);
  });
  await knex.raw("CREATE INDEX payment_sessions_due_idx ON payment_sessions (next_check_at) WHERE status IN ('open', 'expiring')");

  // Databases migrated before this queue existed (a fresh one got it from the payments migration).
  const { name, ...options } = PAYMENT_SWEEP_QUEUE;
  const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
  if (!exists.rows.length) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [PAYMENT_SWEEP_QUEUE.name]);
  await knex.raw('DROP INDEX IF EXISTS payment_sessions_due_idx');
  await knex.schema.alterTable('payment_sessions', (t) => {
    t.dropColumn('checks');
    t.dropColumn('next_check_at');
  });
}
