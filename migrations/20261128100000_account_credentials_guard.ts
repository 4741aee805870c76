import type { Knex } from 'knex';

// Security review (issue 29):
// - users.credentials_version goes up whenever the credentials change hands (a Discord claim, a
//   password reset or change); a pending e-mail change keeps the version it was asked under, and
//   its link is dead once they differ, so a change asked before a claim cannot move the account.
// - users.second_factor_link_required: an admin reset a staff member's second factor; enrolment
//   then only goes through the one-time link mailed to them, never the password alone.
// - second_factor_failures: the wrong login codes of one account in its quarter hour, counted by a
//   single atomic upsert, so codes sent at once cannot all read the same count.
// - one_time_tokens may hold the staff enrolment link.
const PURPOSES = ['verify_email', 'reset_password', 'staff_second_factor_enrolment'];
const OLD_PURPOSES = ['verify_email', 'reset_password'];

const purposeCheck = (values: string[]) =>
  `ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check CHECK (purpose IN (${values.map((v) => `'${v}'`).join(', ')}))`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('credentials_version').notNullable().defaultTo(0);
    t.boolean('second_factor_link_required').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('email_changes', (t) => {
    t.integer('credentials_version').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('second_factor_failures', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.timestamp('window_started_at', { useTz: true }).notNullable();
    t.integer('failures').notNullable().defaultTo(0);
  });
  await knex.raw('ALTER TABLE one_time_tokens DROP CONSTRAINT IF EXISTS one_time_tokens_purpose_check');
  await knex.raw(purposeCheck(PURPOSES));
}

export async function down(knex: Knex): Promise<void> {
  await knex('one_time_tokens').where({ purpose: 'staff_second_factor_enrolment' }).delete();
  await knex.raw('ALTER TABLE one_time_tokens DROP CONSTRAINT IF EXISTS one_time_tokens_purpose_check');
  await knex.raw(purposeCheck(OLD_PURPOSES));
  await knex.schema.dropTable('second_factor_failures');
  await knex.schema.alterTable('email_changes', (t) => {
    t.dropColumn('credentials_version');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('credentials_version');
    t.dropColumn('second_factor_link_required');
  });
}
