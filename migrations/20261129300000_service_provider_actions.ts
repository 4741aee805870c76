import type { Knex } from 'knex';
import { checkIn } from '../server/db/schema-helpers';

// The provider action a billing step still owes a service (suspend, unsuspend, terminate at the cloud
// or the game panel): written with the status change in its transaction, cleared once the provider
// took it, so a provider that was down is asked again by the next sweep instead of being forgotten.
// The list is written out: the constants move on, this migration must not.
const ACTIONS = ['suspend', 'unsuspend', 'terminate'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    t.text('provider_action_due');
  });
  await knex.raw(checkIn('services', 'provider_action_due', ACTIONS));
  await knex.raw('CREATE INDEX services_provider_action_due_idx ON services (id) WHERE provider_action_due IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    t.dropColumn('provider_action_due');
  });
}
