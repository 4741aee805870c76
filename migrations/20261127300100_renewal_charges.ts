import type { Knex } from 'knex';
import { JOB_SCHEMA, RENEWAL_CHARGE_QUEUE } from '../server/jobs/queues';

// Automatic renewal (issue 21): a switch per server (on unless the customer turns it off; it acts
// only once a method is saved or the wallet covers the invoice), a switch per customer for paying
// from the wallet first, and one row per charge attempt of a renewal invoice: unique per (invoice,
// slot), so two instances or a retried job make one attempt, whose idempotency key is derived from it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vps', (t) => {
    t.boolean('auto_renew').notNullable().defaultTo(true);
  });
  await knex.schema.alterTable('users', (t) => {
    t.boolean('auto_renew_from_wallet').notNullable().defaultTo(true);
  });
  await knex.schema.createTable('renewal_charge_attempts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.string('slot', 16).notNullable();
    t.string('source', 16).notNullable();
    t.bigInteger('payment_method_id').references('payment_methods.id').onDelete('SET NULL');
    t.string('status', 24).notNullable().defaultTo('started');
    t.string('provider_ref', 255);
    t.string('failure_code', 64);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['order_id', 'slot']);
  });
  await knex.raw(
    "ALTER TABLE renewal_charge_attempts ADD CONSTRAINT renewal_charge_attempts_status_check CHECK (status IN ('started', 'succeeded', 'pending', 'declined', 'requires_action', 'error'))",
  );
  await knex.raw(
    "ALTER TABLE renewal_charge_attempts ADD CONSTRAINT renewal_charge_attempts_source_check CHECK (source IN ('wallet', 'stripe', 'mollie', 'sandbox'))",
  );

  const { name, ...options } = RENEWAL_CHARGE_QUEUE;
  const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
  if (!exists.rows.length) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [RENEWAL_CHARGE_QUEUE.name]);
  await knex.schema.dropTable('renewal_charge_attempts');
  await knex.schema.alterTable('users', (t) => t.dropColumn('auto_renew_from_wallet'));
  await knex.schema.alterTable('vps', (t) => t.dropColumn('auto_renew'));
}
