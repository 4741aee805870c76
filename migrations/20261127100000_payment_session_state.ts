import type { Knex } from 'knex';
import { checkIn } from '../server/db/schema-helpers';

/** pending: taken at the provider, not settled yet; held: authorised (a Mollie hold, an approved PayPal order), not captured. */
const PROVIDER_STATES = ['pending', 'held'] as const;

// What the reconciliation sweep last learnt of a checkout still open at its provider, when that is
// unusual (money taken but not settled, or held): staff Billing lists these beside the automatic refunds.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payment_sessions', (t) => {
    t.text('provider_state');
    t.timestamp('provider_state_at', { useTz: true });
  });
  await knex.raw(checkIn('payment_sessions', 'provider_state', PROVIDER_STATES));
  await knex.raw(
    `CREATE INDEX payment_sessions_unusual_idx ON payment_sessions (provider_state_at DESC, id DESC)
      WHERE provider_state IS NOT NULL AND status IN ('open', 'expiring')`,
  );
  await knex.raw("CREATE INDEX payment_refunds_automatic_idx ON payment_refunds (created_at DESC, id DESC) WHERE reason <> 'staff'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS payment_refunds_automatic_idx');
  await knex.raw('DROP INDEX IF EXISTS payment_sessions_unusual_idx');
  await knex.schema.alterTable('payment_sessions', (t) => {
    t.dropColumn('provider_state_at');
    t.dropColumn('provider_state');
  });
}
