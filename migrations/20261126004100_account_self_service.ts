import type { Knex } from 'knex';

// Issue 19, the customer's own account: an e-mail change waits on a link sent to the new address
// (only the link's SHA-256 is kept), and a deleted account keeps its row, anonymised, because its
// orders and issued invoices and credit notes must stay (7 years, Belgian accounting law).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('email_changes', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('new_email').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('deleted_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deleted_at');
  });
  await knex.schema.dropTable('email_changes');
}
