import type { Knex } from 'knex';
import { SESSION_KINDS } from '../shared/constants';
import { checkIn } from '../server/db/schema-helpers';

// Server-side sessions (DESIGN.md §6 "Sessions"): every token names its row here (its `jti`), so
// logging out, "log out everywhere" and a role change end tokens before they expire. A staff
// token is a session of its own, opened under the login session that passed the admin password.
//
// login_codes: the one-minute, single-use code the Discord callback hands to the browser instead
// of a token; only hashes are kept, the code's and the browser's secret (its cookie).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.uuid('parent_id').references('sessions.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.text('user_agent');
    t.text('ip');
    t.index(['user_id']);
    t.index(['parent_id']);
  });
  await knex.raw(checkIn('sessions', 'kind', SESSION_KINDS));

  await knex.schema.createTable('login_codes', (t) => {
    t.text('code_hash').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('browser_hash').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_codes');
  await knex.schema.dropTable('sessions');
}
