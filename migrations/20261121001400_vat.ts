import type { Knex } from 'knex';
import { checkIn } from '../server/db/schema-helpers';

// EU VAT (issue 8): the customer's last VIES answer, and the scheme each order was taxed under.
const VAT_CHECK_STATUSES = ['valid', 'invalid', 'pending'];
const VAT_SCHEMES = ['standard', 'reverse_charge'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('vat_check_status'); // null: never checked (or no check needed)
    t.timestamp('vat_checked_at', { useTz: true });
    t.text('vat_checked_number'); // the number the status is about: a changed number is checked again
    t.text('vat_check_name'); // the name VIES has for it, for staff
  });
  await knex.raw(checkIn('users', 'vat_check_status', VAT_CHECK_STATUSES));

  await knex.schema.alterTable('orders', (t) => {
    t.text('vat_scheme').notNullable().defaultTo('standard');
    t.text('buyer_vat_number'); // the VIES-checked number an order under reverse charge was sold to
  });
  await knex.raw(checkIn('orders', 'vat_scheme', VAT_SCHEMES));
  // Reverse charge always names the buyer's number and charges no VAT.
  await knex.raw(
    `ALTER TABLE orders ADD CONSTRAINT orders_reverse_charge_identity CHECK (
       vat_scheme <> 'reverse_charge' OR (coalesce(buyer_vat_number, '') <> '' AND tax_cents = 0))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_reverse_charge_identity');
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_vat_scheme_check');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('vat_scheme');
    t.dropColumn('buyer_vat_number');
  });
  await knex.raw('ALTER TABLE users DROP CONSTRAINT users_vat_check_status_check');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('vat_check_status');
    t.dropColumn('vat_checked_at');
    t.dropColumn('vat_checked_number');
    t.dropColumn('vat_check_name');
  });
}
