import type { Knex } from 'knex';

// Two more reasons a cancelled order shows its customer: every payment given back before delivery
// ('refunded', with where the money went in refunded_to), and the customer's own cancel of an
// unpaid order ('cancelled_by_customer'). The lists are written out: the constants move on, this
// migration must not.
const BEFORE = ['reservation_expired'];
const AFTER = ['reservation_expired', 'refunded', 'cancelled_by_customer'];
const DESTINATIONS = ['wallet', 'stripe', 'paypal', 'mollie'];

const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `ALTER TABLE orders DROP CONSTRAINT orders_cancel_reason_check,
       ADD CONSTRAINT orders_cancel_reason_check CHECK (cancel_reason IN (${list(AFTER)}))`,
  );
  await knex.schema.alterTable('orders', (t) => {
    t.text('refunded_to');
  });
  await knex.raw(`ALTER TABLE orders ADD CONSTRAINT orders_refunded_to_check CHECK (refunded_to IN (${list(DESTINATIONS)}))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('refunded_to');
  });
  await knex.raw(`UPDATE orders SET cancel_reason = NULL WHERE cancel_reason NOT IN (${list(BEFORE)})`);
  await knex.raw(
    `ALTER TABLE orders DROP CONSTRAINT orders_cancel_reason_check,
       ADD CONSTRAINT orders_cancel_reason_check CHECK (cancel_reason IN (${list(BEFORE)}))`,
  );
}
