import type { Knex } from 'knex';

// A password reset ends every session issued before it: tokens older than this are refused.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('sessions_valid_after', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('sessions_valid_after');
  });
}
