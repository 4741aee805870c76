import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A sender claims a mail for a while (a lease) instead of holding a row lock across the SMTP
  // conversation: no transaction stays open during the send, and the claim of a sender that died
  // runs out so another one picks the mail up. claim_token: only the claim's owner records the result.
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.timestamp('claimed_until', { useTz: true });
    t.uuid('claim_token');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('claim_token');
    t.dropColumn('claimed_until');
  });
}
