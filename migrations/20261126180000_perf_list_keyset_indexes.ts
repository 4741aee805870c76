import type { Knex } from 'knex';

// Lists read a page after a cursor row, in the order they show (issue 18): each order below has an
// index, so page 300 costs what page 1 costs, whatever the number of orders.
export async function up(knex: Knex): Promise<void> {
  // The panel's invoices: one customer's orders, newest first.
  await knex.raw('CREATE INDEX orders_customer_newest_idx ON orders (user_id, created_at DESC, id DESC)');
  // Staff "Commandes": the open orders, newest first.
  await knex.raw(
    "CREATE INDEX orders_open_newest_idx ON orders (created_at DESC, id DESC) WHERE status IN ('unpaid', 'pending', 'in_progress')",
  );
  // Billing: unpaid by due date, announced transfers by announcement, settled by payment (newest first).
  await knex.raw("CREATE INDEX orders_unpaid_due_idx ON orders ((COALESCE(due_at, created_at)), id) WHERE status = 'unpaid'");
  await knex.raw(
    "CREATE INDEX orders_transfers_announced_idx ON orders (transfer_announced_at, id) WHERE status = 'unpaid' AND transfer_announced_at IS NOT NULL",
  );
  await knex.raw(
    `CREATE INDEX orders_settled_paid_idx ON orders ((COALESCE(paid_at, '-infinity'::timestamptz)) DESC, id DESC)
      WHERE status IN ('pending', 'in_progress', 'paid') OR (status = 'cancelled' AND paid_at IS NOT NULL)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  for (const name of [
    'orders_customer_newest_idx',
    'orders_open_newest_idx',
    'orders_unpaid_due_idx',
    'orders_transfers_announced_idx',
    'orders_settled_paid_idx',
  ]) {
    await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  }
}
