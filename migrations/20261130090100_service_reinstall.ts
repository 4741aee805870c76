import type { Knex } from 'knex';
import { checkIn } from '../server/db/schema-helpers';
import { FOLLOW_REINSTALL_QUEUE, JOB_SCHEMA } from '../server/jobs/queues';

// A customer's reinstall of their VPS (issue 33): which system, since when, and how it ended. The
// status stays `active` meanwhile: a reinstall is work on the machine, not a step of the lifecycle.
// The list of states is written out: the constants move on, this migration must not.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    t.text('reinstall_state');
    t.text('reinstall_os');
    t.timestamp('reinstall_started_at', { useTz: true });
    t.timestamp('reinstall_finished_at', { useTz: true });
    // The key root logs in with after it (its name and fingerprint as the account had them then).
    t.text('reinstall_key_name');
    t.text('reinstall_key_fingerprint');
  });
  await knex.raw(checkIn('services', 'reinstall_state', ['installing', 'done', 'failed']));
  const { name, ...options } = FOLLOW_REINSTALL_QUEUE;
  const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
  if (!exists.rows.length) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [FOLLOW_REINSTALL_QUEUE.name]);
  await knex.schema.alterTable('services', (t) => {
    t.dropColumn('reinstall_state');
    t.dropColumn('reinstall_os');
    t.dropColumn('reinstall_started_at');
    t.dropColumn('reinstall_finished_at');
    t.dropColumn('reinstall_key_name');
    t.dropColumn('reinstall_key_fingerprint');
  });
}
