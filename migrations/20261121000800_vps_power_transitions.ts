import type { Knex } from 'knex';
import { POWER_STATUSES } from '../shared/schemas/vps';
import { checkIn } from '../server/db/schema-helpers';

// Power states as the panel shows them, transitions included (starting, stopping, rebooting), and
// where a transition lands and when: the simulated fleet settles a machine when it is next read,
// so no timer has to run and several instances agree.

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE vps DROP CONSTRAINT vps_power_status_check');
  await knex.raw(checkIn('vps', 'power_status', POWER_STATUSES));
  await knex.schema.alterTable('vps', (t) => {
    t.text('power_target'); // running or stopped while a transition runs
    t.timestamp('power_settles_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vps', (t) => {
    t.dropColumn('power_settles_at');
    t.dropColumn('power_target');
  });
  await knex.raw('ALTER TABLE vps DROP CONSTRAINT vps_power_status_check');
  await knex.raw(checkIn('vps', 'power_status', ['running', 'stopped', 'rebooting']));
}
