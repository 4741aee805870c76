import type { Knex } from 'knex';

// What a cart line chose, as it was sold (issue 31): the system's and the variant's names beside
// their ids (order_lines.os / variant), so the order, its invoice and its mails keep saying what
// was bought after staff rename or drop a choice. And how the line's stock was held: a line of a
// product counted by products.stock took units from it (given back when the order is cancelled);
// a line of a VPS delivered from the inventory took nothing, it holds a free machine only while
// its order waits, so nothing goes back.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_lines', (t) => {
    t.text('os_name');
    t.text('variant_name');
    t.boolean('stock_taken').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_lines', (t) => {
    t.dropColumn('os_name');
    t.dropColumn('variant_name');
    t.dropColumn('stock_taken');
  });
}
