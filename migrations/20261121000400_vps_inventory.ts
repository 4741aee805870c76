import type { Knex } from 'knex';
import { OS_FAMILIES, VPS_STATES } from '../shared/constants';
import { checkIn, timestamps } from '../server/db/schema-helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vps', (t) => {
    t.increments('id');
    t.text('service_name').notNullable().unique(); // the cloud provider's name for the machine
    t.text('ip').notNullable();
    t.text('os').notNullable(); // e.g. 'Debian 12', 'Windows Server 2022'
    t.text('os_family').notNullable();
    t.text('plan').notNullable();
    t.text('region').notNullable();
    t.integer('ram_gb').notNullable();
    t.integer('cores').notNullable();
    t.integer('storage_gb').notNullable();
    t.text('traffic').notNullable();
    t.text('state').notNullable().defaultTo('available');
    t.text('power_status').notNullable().defaultTo('stopped');
    t.text('login').notNullable();
    t.text('password_encrypted'); // AES-256-GCM with the key from config
    // A VPS serves at most one order; the unique index makes a double assignment impossible.
    t.integer('order_id').unique().references('orders.id').onDelete('SET NULL');
    t.timestamp('assigned_at', { useTz: true });
    t.timestamp('started_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    timestamps(t, knex);
  });
  await knex.raw(checkIn('vps', 'os_family', OS_FAMILIES));
  await knex.raw(checkIn('vps', 'state', VPS_STATES));
  await knex.raw(checkIn('vps', 'power_status', ['running', 'stopped', 'rebooting']));
  await knex.raw('ALTER TABLE vps ADD CONSTRAINT vps_specs_non_negative CHECK (ram_gb >= 0 AND cores >= 0 AND storage_gb >= 0)');
  await knex.raw("ALTER TABLE vps ADD CONSTRAINT vps_assigned_has_order CHECK (state <> 'assigned' OR order_id IS NOT NULL)");
  await knex.raw("CREATE INDEX vps_available_idx ON vps (os_family, id) WHERE state = 'available'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vps');
}
