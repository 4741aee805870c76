import type { Knex } from 'knex';
import { BILLING_CYCLE_QUEUE, JOB_SCHEMA } from '../server/jobs/queues';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vps', (t) => {
    t.timestamp('suspended_at', { useTz: true }); // unpaid past the grace days: stopped, actions refused
    t.timestamp('terminated_at', { useTz: true }); // 30 days suspended: data deleted
  });
  await knex.raw("ALTER TABLE vps ADD CONSTRAINT vps_suspended_has_date CHECK (state <> 'suspended' OR suspended_at IS NOT NULL)");
  // One renewal invoice per service and due date, whatever the number of workers issuing them.
  await knex.raw(
    'CREATE UNIQUE INDEX orders_one_renewal_per_due_date ON orders (renewal_of_order_id, due_at) WHERE renewal_of_order_id IS NOT NULL',
  );
  // The sweep's reminders read unpaid renewals by due date.
  await knex.raw("CREATE INDEX orders_unpaid_renewals_idx ON orders (due_at) WHERE renewal_of_order_id IS NOT NULL AND status = 'unpaid'");
  // Databases migrated before this queue existed (a fresh one got it from the payments migration).
  const { name, ...options } = BILLING_CYCLE_QUEUE;
  const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
  if (!exists.rows.length) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [BILLING_CYCLE_QUEUE.name]);
  await knex.raw('DROP INDEX orders_unpaid_renewals_idx');
  await knex.raw('DROP INDEX orders_one_renewal_per_due_date');
  await knex.raw('ALTER TABLE vps DROP CONSTRAINT vps_suspended_has_date');
  await knex.schema.alterTable('vps', (t) => {
    t.dropColumn('terminated_at');
    t.dropColumn('suspended_at');
  });
}
