import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import { JOB_SCHEMA, QUEUES } from '../server/jobs/queues';
import { checkIn, timestamps } from '../server/db/schema-helpers';

const PROVIDERS = ['stripe', 'paypal', 'mollie'] as const;

export async function up(knex: Knex): Promise<void> {
  // Every provider notification we accepted, once: a replay or a concurrent duplicate hits the
  // unique pair and changes nothing.
  await knex.schema.createTable('webhook_events', (t) => {
    t.increments('id');
    t.text('provider').notNullable();
    t.text('event_id').notNullable();
    t.text('event_type').notNullable();
    t.text('outcome').notNullable(); // what it did: paid, already_paid, amount_mismatch, ignored …
    t.integer('order_id').references('orders.id').onDelete('SET NULL');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'event_id']);
    t.index(['order_id']);
  });
  await knex.raw(checkIn('webhook_events', 'provider', PROVIDERS));

  // The local payment page that stands in for a provider without keys (DESIGN.md §2).
  await knex.schema.createTable('sandbox_checkouts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('provider').notNullable();
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.bigInteger('amount_cents').notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    t.text('status').notNullable().defaultTo('open');
    t.text('success_url').notNullable();
    t.text('cancel_url').notNullable();
    timestamps(t, knex);
  });
  await knex.raw(checkIn('sandbox_checkouts', 'provider', PROVIDERS));
  await knex.raw(checkIn('sandbox_checkouts', 'status', ['open', 'paid', 'cancelled']));

  await knex.schema.alterTable('orders', (t) => {
    t.text('payment_url'); // the provider's page for this order while it is unpaid (PayPal's approval link)
  });
  // A follow-up job retried after a crash must not mail the customer twice.
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.text('dedupe_key').unique();
  });

  // pg-boss's tables (its own construction script, minus the transaction knex already holds).
  const plans = PgBoss.getConstructionPlans(JOB_SCHEMA)
    .replace(/^\s*BEGIN;/, '')
    .replace(/COMMIT;\s*$/, '');
  await knex.raw(plans);
  for (const queue of QUEUES) {
    const { name, ...options } = queue;
    await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DROP SCHEMA IF EXISTS ${JOB_SCHEMA} CASCADE`);
  await knex.schema.alterTable('mail_outbox', (t) => t.dropColumn('dedupe_key'));
  await knex.schema.alterTable('orders', (t) => t.dropColumn('payment_url'));
  await knex.schema.dropTable('sandbox_checkouts');
  await knex.schema.dropTable('webhook_events');
}
