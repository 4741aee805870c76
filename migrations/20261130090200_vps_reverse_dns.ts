import type { Knex } from 'knex';

// The reverse DNS name the customer set on their VPS's address (issue 33), as the provider took it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vps', (t) => {
    t.text('reverse_dns');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vps', (t) => {
    t.dropColumn('reverse_dns');
  });
}
