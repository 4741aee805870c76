import type { Knex } from 'knex';

// Facturation, "Renouvellements auto": the renewal invoices around today, soonest due first, a page
// after a cursor row (server/db/keyset.ts). The index has that very order, so any page costs what
// the first costs however many customers renew.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX orders_renewals_due_idx ON orders (due_at, id) WHERE renewal_of_order_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS orders_renewals_due_idx');
}
