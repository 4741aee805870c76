import type { Knex } from 'knex';

// The second factor (issue 19): one TOTP secret per user, sealed with ENCRYPTION_KEY (it must be
// read back to check codes, so it is encrypted, not hashed). enabled_at stays null until the
// first code confirms the enrolment. last_used_step is the 30-second step of the last code
// accepted: a code of that step or an older one is refused, so a code seen over a shoulder or in
// a proxy log cannot be played again.
//
// Recovery codes: only their SHA-256 is kept; used_at spends one. Login challenges: the hash of
// the short-lived token a correct password gives when a second factor is on (not a session).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_second_factors', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('totp_secret_encrypted').notNullable();
    t.timestamp('enabled_at', { useTz: true });
    t.bigInteger('last_used_step');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('user_recovery_codes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'code_hash']);
  });

  await knex.schema.createTable('second_factor_challenges', (t) => {
    t.text('token_hash').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('failed_attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('second_factor_challenges');
  await knex.schema.dropTable('user_recovery_codes');
  await knex.schema.dropTable('user_second_factors');
}
