import type { Knex } from 'knex';
import { CLOSE_PAYMENTS_QUEUE, JOB_SCHEMA, REFUND_PAYMENT_QUEUE } from '../server/jobs/queues';
import { checkIn, timestamps } from '../server/db/schema-helpers';

const PROVIDERS = ['stripe', 'paypal', 'mollie'] as const;
/** open: payable at the provider; expiring: the provider could not close it, it lapses on its own. */
const SESSION_STATUSES = ['open', 'closed', 'paid', 'expiring'] as const;
const REFUND_REASONS = ['paid_twice', 'paid_after_cancel', 'staff'] as const;
/** pending: not yet accepted by the provider; failed: the last try failed and is retried; refunded: accepted. */
const REFUND_STATUSES = ['pending', 'failed', 'refunded'] as const;

export async function up(knex: Knex): Promise<void> {
  // Every checkout opened at a provider for an order (an order may have several: a Stripe session,
  // then a Mollie payment from the panel). When the order is paid, the ones still open are closed.
  await knex.schema.createTable('payment_sessions', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.text('provider').notNullable();
    t.text('provider_ref').notNullable(); // session id, Mollie payment id, PayPal order id, sandbox checkout id
    t.text('status').notNullable().defaultTo('open');
    t.text('last_error'); // why the provider could not be asked to close it (retried)
    timestamps(t, knex);
    t.unique(['provider', 'provider_ref']);
  });
  await knex.raw(checkIn('payment_sessions', 'provider', PROVIDERS));
  await knex.raw(checkIn('payment_sessions', 'status', SESSION_STATUSES));
  await knex.raw("CREATE INDEX payment_sessions_open_idx ON payment_sessions (order_id) WHERE status = 'open'");

  // Money given back through a provider: a payment that came for an order already paid or
  // cancelled (automatic), or a refund staff sent to the payment method. Sent by a job after the
  // commit; the row says where it stands, so a refund that keeps failing is never lost.
  await knex.schema.createTable('payment_refunds', (t) => {
    t.increments('id');
    t.integer('payment_id').notNullable().references('payments.id');
    t.integer('order_id').references('orders.id').onDelete('SET NULL');
    t.text('provider').notNullable();
    t.text('provider_payment_id').notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    t.text('reason').notNullable();
    t.integer('requested_by').references('users.id').onDelete('SET NULL'); // null: the system
    t.text('status').notNullable().defaultTo('pending');
    t.text('provider_refund_id');
    t.text('provider_status'); // succeeded, or pending while the provider moves the money
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.uuid('idempotency_key').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    timestamps(t, knex);
    t.index(['order_id']);
  });
  await knex.raw(checkIn('payment_refunds', 'reason', REFUND_REASONS));
  await knex.raw(checkIn('payment_refunds', 'status', REFUND_STATUSES));
  await knex.raw('ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_amount_positive CHECK (amount_cents > 0)');
  // One automatic refund per unwanted payment, however often its notification comes.
  await knex.raw("CREATE UNIQUE INDEX payment_refunds_one_automatic ON payment_refunds (payment_id) WHERE reason <> 'staff'");

  // The sandbox provider's own record of refunds (what a real provider keeps on its side).
  await knex.schema.createTable('sandbox_refunds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('checkout_id').notNullable().references('sandbox_checkouts.id').onDelete('CASCADE');
    t.text('idempotency_key').notNullable().unique();
    t.bigInteger('amount_cents').notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['checkout_id']);
  });

  // Checkouts opened before this table existed, for orders still unpaid: their payment.started audit rows.
  await knex.raw(
    `INSERT INTO payment_sessions (order_id, provider, provider_ref, created_at, updated_at)
     SELECT o.id, a.after->>'provider', a.after->>'providerRef', a.created_at, a.created_at
       FROM audit_log a JOIN orders o ON a.entity_id = o.id::text
      WHERE a.entity_type = 'order' AND a.action = 'payment.started' AND o.status = 'unpaid'
        AND a.after->>'provider' IN ('stripe', 'paypal', 'mollie') AND a.after->>'providerRef' IS NOT NULL
     ON CONFLICT (provider, provider_ref) DO NOTHING`,
  );

  // Databases migrated before these queues existed (a fresh one got them from the payments migration).
  for (const queue of [CLOSE_PAYMENTS_QUEUE, REFUND_PAYMENT_QUEUE]) {
    const { name, ...options } = queue;
    const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
    if (!exists.rows.length) {
      await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const queue of [REFUND_PAYMENT_QUEUE, CLOSE_PAYMENTS_QUEUE]) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [queue.name]);
  }
  await knex.schema.dropTable('sandbox_refunds');
  await knex.schema.dropTable('payment_refunds');
  await knex.schema.dropTable('payment_sessions');
}
