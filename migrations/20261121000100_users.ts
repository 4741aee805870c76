import type { Knex } from 'knex';
import { CURRENCIES, ONE_TIME_TOKEN_PURPOSES, ROLES, USER_TYPES } from '../shared/constants';
import { LANGUAGES } from '../shared/i18n/languages';
import { checkIn, timestamps } from '../server/db/schema-helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.text('email').notNullable();
    t.text('password_hash'); // null for accounts created through Discord only
    t.text('full_name').notNullable();
    t.text('user_type').notNullable().defaultTo('particulier');
    t.text('company_name');
    t.text('vat_number');
    t.text('address');
    t.text('phone');
    t.specificType('country', 'char(2)').notNullable().defaultTo('BE');
    t.specificType('currency', 'char(3)').notNullable().defaultTo('EUR');
    t.text('language').notNullable().defaultTo('fr');
    t.text('role').notNullable().defaultTo('customer');
    t.boolean('is_online').notNullable().defaultTo(false); // support agent on duty
    t.text('admin_password_hash'); // staff only, separate from the login password
    t.bigInteger('wallet_cents').notNullable().defaultTo(0);
    t.text('discord_id').unique();
    t.text('avatar_url');
    t.timestamp('email_verified_at', { useTz: true });
    timestamps(t, knex);
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');
  await knex.raw(checkIn('users', 'user_type', USER_TYPES));
  await knex.raw(checkIn('users', 'currency', CURRENCIES));
  await knex.raw(checkIn('users', 'language', LANGUAGES));
  await knex.raw(checkIn('users', 'role', ROLES));
  await knex.raw('ALTER TABLE users ADD CONSTRAINT users_wallet_non_negative CHECK (wallet_cents >= 0)');
  await knex.raw(
    `ALTER TABLE users ADD CONSTRAINT users_business_identity CHECK (
       user_type <> 'business' OR (coalesce(company_name, '') <> '' AND coalesce(vat_number, '') <> ''))`,
  );
  await knex.raw("CREATE INDEX users_staff_idx ON users (role) WHERE role <> 'customer'");

  // Verification and reset tokens: only their SHA-256 is stored, single use, expiring.
  await knex.schema.createTable('one_time_tokens', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('purpose').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'purpose']);
  });
  await knex.raw(checkIn('one_time_tokens', 'purpose', ONE_TIME_TOKEN_PURPOSES));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('one_time_tokens');
  await knex.schema.dropTable('users');
}
