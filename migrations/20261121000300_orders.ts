import type { Knex } from 'knex';
import { CURRENCIES, ORDER_STATUSES, PAYMENT_METHODS } from '../shared/constants';
import { checkIn, timestamps } from '../server/db/schema-helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.text('status').notNullable().defaultTo('unpaid');
    t.integer('support_id').references('users.id').onDelete('SET NULL'); // agent who took it
    t.text('os'); // OS asked for; the VPS assigned must be of the same family
    t.bigInteger('subtotal_cents').notNullable();
    t.decimal('tax_rate', 5, 2).notNullable();
    t.bigInteger('tax_cents').notNullable();
    t.bigInteger('total_cents').notNullable();
    t.specificType('currency', 'char(3)').notNullable().defaultTo('EUR');
    t.text('payment_method');
    t.text('provider_ref'); // checkout session / payment / PayPal order id
    t.text('transfer_reference').unique(); // Belgian structured communication +++123/4567/89012+++
    t.text('payer_name');
    t.text('payer_iban');
    t.timestamp('transfer_announced_at', { useTz: true });
    t.text('invoice_number').unique(); // given, without gaps, when the order is paid
    t.timestamp('invoiced_at', { useTz: true });
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('taken_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.integer('renewal_of_order_id').references('orders.id').onDelete('SET NULL');
    t.timestamp('due_at', { useTz: true });
    timestamps(t, knex);
    t.index(['user_id', 'created_at'], 'orders_customer_idx');
    t.index(['support_id']);
  });
  await knex.raw(checkIn('orders', 'status', ORDER_STATUSES));
  await knex.raw(checkIn('orders', 'currency', CURRENCIES));
  await knex.raw(checkIn('orders', 'payment_method', PAYMENT_METHODS));
  await knex.raw(
    `ALTER TABLE orders ADD CONSTRAINT orders_money_non_negative
       CHECK (subtotal_cents >= 0 AND tax_cents >= 0 AND total_cents >= 0)`,
  );
  await knex.raw('ALTER TABLE orders ADD CONSTRAINT orders_total_sum CHECK (total_cents = subtotal_cents + tax_cents)');
  // The staff list shows only open orders, newest first.
  await knex.raw(
    "CREATE INDEX orders_staff_open_idx ON orders (created_at DESC, id DESC) WHERE status IN ('unpaid', 'pending', 'in_progress')",
  );

  await knex.schema.createTable('order_lines', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('product_id').references('products.id').onDelete('SET NULL');
    t.text('name').notNullable(); // snapshot: the invoice keeps what was sold
    t.integer('price_cents').notNullable();
    t.integer('support_cents').notNullable().defaultTo(0);
    t.integer('margin_cents').notNullable().defaultTo(0);
    t.integer('qty').notNullable().defaultTo(1);
    t.decimal('tax_rate', 5, 2).notNullable();
    t.jsonb('config_products').notNullable().defaultTo('{}');
    t.index(['order_id']);
  });
  await knex.raw(
    `ALTER TABLE order_lines ADD CONSTRAINT order_lines_amounts CHECK (
       price_cents >= 0 AND support_cents >= 0 AND margin_cents >= 0 AND qty > 0)`,
  );

  // One row per year; incremented in the transaction that marks an order paid, so numbers have no gaps.
  await knex.schema.createTable('invoice_counters', (t) => {
    t.integer('year').primary();
    t.integer('last_number').notNullable().defaultTo(0);
  });

  // Every provider event we accepted; the unique pair makes webhook replays harmless.
  await knex.schema.createTable('payments', (t) => {
    t.increments('id');
    t.integer('order_id').references('orders.id').onDelete('SET NULL');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.text('provider').notNullable();
    t.text('provider_payment_id').notNullable();
    t.text('event_type').notNullable();
    t.text('status').notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.specificType('currency', 'char(3)').notNullable();
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'provider_payment_id']);
    t.index(['order_id']);
  });
  await knex.raw('ALTER TABLE payments ADD CONSTRAINT payments_amount_non_negative CHECK (amount_cents >= 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payments');
  await knex.schema.dropTable('invoice_counters');
  await knex.schema.dropTable('order_lines');
  await knex.schema.dropTable('orders');
}
