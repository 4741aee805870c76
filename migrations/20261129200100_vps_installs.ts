import type { Knex } from 'knex';

// The simulated fleet's rebuilds (issue 31): a machine installs a system for a few seconds, then
// runs it, as an OVH rebuild does. Like a power transition, the install is stored (which system,
// and when it lands) and lands when the machine is next read, so several instances agree. A
// machine of the sandbox region `fail` ends its install `failed`, to show that path. The lists are
// written out: the constants move on, this migration must not.
const INSTALL_STATES = ['installing', 'ready', 'failed'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vps', (t) => {
    t.text('install_state').notNullable().defaultTo('ready');
    t.text('install_os'); // the system being installed
    t.text('install_os_family'); // its family, which the machine takes with it
    t.timestamp('install_settles_at', { useTz: true });
  });
  await knex.raw(
    `ALTER TABLE vps ADD CONSTRAINT vps_install_state_check CHECK (install_state IN (${INSTALL_STATES.map((s) => `'${s}'`).join(', ')}))`,
  );
  await knex.raw(`ALTER TABLE vps ADD CONSTRAINT vps_installing_has_target CHECK (
    install_state <> 'installing' OR (install_os IS NOT NULL AND install_os_family IS NOT NULL AND install_settles_at IS NOT NULL))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE vps DROP CONSTRAINT vps_installing_has_target');
  await knex.raw('ALTER TABLE vps DROP CONSTRAINT vps_install_state_check');
  await knex.schema.alterTable('vps', (t) => {
    t.dropColumn('install_settles_at');
    t.dropColumn('install_os_family');
    t.dropColumn('install_os');
    t.dropColumn('install_state');
  });
}
