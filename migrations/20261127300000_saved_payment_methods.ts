import type { Knex } from 'knex';

// Saved payment methods (issue 21): only the provider's ids and what the panel shows (brand, last
// four digits, expiry, or a masked bank account) are kept, never a card number. A setup is one
// attempt at saving a method (Stripe Checkout in setup mode, a Mollie first payment): its id is in
// the return URL, so the return page finishes only the caller's own setup.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_customers', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.string('provider_customer_id', 255).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'provider']);
  });

  await knex.schema.createTable('payment_methods', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.string('kind', 16).notNullable();
    t.string('provider_customer_id', 255);
    t.string('provider_method_id', 255).notNullable();
    t.string('brand', 32);
    t.string('last4', 4);
    t.smallint('exp_month');
    t.smallint('exp_year');
    t.string('bank_account', 64);
    t.string('sandbox_outcome', 24);
    t.boolean('is_default').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['provider', 'provider_method_id']);
    t.index(['user_id']);
  });
  await knex.raw(
    "ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_provider_check CHECK (provider IN ('stripe', 'mollie', 'sandbox'))",
  );
  await knex.raw("ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_kind_check CHECK (kind IN ('card', 'directdebit'))");
  await knex.raw(
    "ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_sandbox_check CHECK (sandbox_outcome IS NULL OR sandbox_outcome IN ('succeeds', 'declined', 'needs_authentication'))",
  );
  // One default per customer, whatever runs at the same time.
  await knex.raw('CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (user_id) WHERE is_default');

  await knex.schema.createTable('payment_method_setups', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.string('provider_ref', 255);
    t.string('provider_customer_id', 255).notNullable();
    t.string('status', 16).notNullable().defaultTo('open');
    t.bigInteger('payment_method_id').references('payment_methods.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE payment_method_setups ADD CONSTRAINT payment_method_setups_status_check CHECK (status IN ('open', 'saved', 'failed'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payment_method_setups');
  await knex.schema.dropTable('payment_methods');
  await knex.schema.dropTable('payment_customers');
}
