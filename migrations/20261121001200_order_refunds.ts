import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // What Billing has given back to the customer's wallet for this order. The CHECK is the last
  // guard: whatever the code does, an order never refunds more than it was charged.
  await knex.schema.alterTable('orders', (t) => {
    t.bigInteger('refunded_cents').notNullable().defaultTo(0);
  });
  await knex.raw(
    'ALTER TABLE orders ADD CONSTRAINT orders_refund_within_total CHECK (refunded_cents >= 0 AND refunded_cents <= total_cents)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_refund_within_total');
  await knex.schema.alterTable('orders', (t) => t.dropColumn('refunded_cents'));
}
