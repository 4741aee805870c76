import type { Knex } from 'knex';
import { JOB_SCHEMA, RESERVATION_EXPIRY_QUEUE } from '../server/jobs/queues';
import { checkIn } from '../server/db/schema-helpers';
import { ORDER_CANCEL_REASONS } from '../shared/constants';

// The defaults of server/modules/orders/reservation.ts when this migration was written: the orders
// already waiting get the deadline they would have been given at checkout.
const PROVIDER_CHECKOUT_MINUTES = 60;
const BANK_TRANSFER_DAYS = 5;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    // Until when an unpaid checkout order holds its stock; null for a renewal invoice (it holds none).
    t.timestamp('reserved_until', { useTz: true });
    // Why a cancelled order was cancelled, when the customer is told (the panel shows it).
    t.text('cancel_reason');
  });
  await knex.raw(checkIn('orders', 'cancel_reason', ORDER_CANCEL_REASONS));
  await knex.raw(
    `UPDATE orders SET reserved_until = created_at + CASE WHEN payment_method = 'bank_transfer'
       THEN make_interval(days => ?) ELSE make_interval(mins => ?) END
     WHERE status = 'unpaid' AND renewal_of_order_id IS NULL`,
    [BANK_TRANSFER_DAYS, PROVIDER_CHECKOUT_MINUTES],
  );
  // The expiry job reads the lapsed reservations.
  await knex.raw("CREATE INDEX orders_reservations_idx ON orders (reserved_until) WHERE status = 'unpaid' AND renewal_of_order_id IS NULL");
  // Databases migrated before this queue existed (a fresh one got it from the payments migration).
  const { name, ...options } = RESERVATION_EXPIRY_QUEUE;
  const exists = await knex.raw(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = ?`, [name]);
  if (!exists.rows.length) {
    await knex.raw(`SELECT ${JOB_SCHEMA}.create_queue(?, ?::json)`, [name, JSON.stringify({ policy: 'standard', ...options })]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SELECT ${JOB_SCHEMA}.delete_queue(?)`, [RESERVATION_EXPIRY_QUEUE.name]);
  await knex.raw('DROP INDEX orders_reservations_idx');
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT orders_cancel_reason_check');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('cancel_reason');
    t.dropColumn('reserved_until');
  });
}
