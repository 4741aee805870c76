import type { Knex } from 'knex';

// The customer's SSH public keys (issue 33): given to a VPS at reinstall. One key once per account
// (by its SHA256 fingerprint); erased with the account.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ssh_keys', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 64).notNullable();
    t.string('key_type', 64).notNullable();
    t.text('public_key').notNullable();
    t.string('fingerprint', 80).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'fingerprint']);
    t.index(['user_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ssh_keys');
}
