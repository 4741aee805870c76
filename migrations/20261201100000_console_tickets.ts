import type { Knex } from 'knex';

// One-minute, single-use tickets that open a game server's console socket (issue 33). Only the
// ticket's SHA-256 is kept: whichever instance the socket reaches redeems it, and a database read
// does not give a usable ticket.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('console_tickets', (t) => {
    t.bigIncrements('id');
    t.text('ticket_hash').notNullable().unique();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('service_id').notNullable().references('services.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('console_tickets');
}
