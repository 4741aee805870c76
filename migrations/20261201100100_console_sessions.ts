import type { Knex } from 'knex';

// The game consoles open now (issue 33), whichever instance holds them: a customer gets a few at
// once. Each instance refreshes `seen_at` for its own while they are open; one that died leaves
// rows that stop counting once they are stale.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('console_sessions', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('service_id').notNullable().references('services.id').onDelete('CASCADE');
    t.timestamp('opened_at', { useTz: true }).notNullable();
    t.timestamp('seen_at', { useTz: true }).notNullable();
    t.index(['user_id', 'seen_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('console_sessions');
}
