import type { Knex } from 'knex';
import { DELIVERY_WATCHDOG_QUEUE, END_SERVICE_QUEUE, JOB_SCHEMA, PROVISION_SERVICE_QUEUE } from '../server/jobs/queues';

// The queues of automatic delivery; databases migrated before them get them here (a fresh one got
// them from the payments migration, which creates every queue of QUEUES). The vps row's order is no
// longer unique: an order of two servers owns two machines (services.vps_id is the unique link).
export async function up(knex: Knex): Promise<void> {
  for (const { name, ...options } of [PROVISION_SERVICE_QUEUE, DELIVERY_WATCHDOG_QUEUE, END_SERVICE_QUEUE]) {
    const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
    if (!exists.rows.length) {
      await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
    }
  }
  await knex.raw('ALTER TABLE vps DROP CONSTRAINT IF EXISTS vps_order_id_unique');
  await knex.raw('CREATE INDEX IF NOT EXISTS vps_order_id_idx ON vps (order_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS vps_order_id_idx');
  await knex.raw('ALTER TABLE vps ADD CONSTRAINT vps_order_id_unique UNIQUE (order_id)');
  for (const queue of [PROVISION_SERVICE_QUEUE, DELIVERY_WATCHDOG_QUEUE, END_SERVICE_QUEUE]) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [queue.name]);
  }
}
