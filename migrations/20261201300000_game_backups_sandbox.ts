import type { Knex } from 'knex';
import { timestamps } from '../server/db/schema-helpers';

// The sandbox panel's backups and schedules (issue 33): what `npm start` and the tests back up on
// without a Pterodactyl client key. A backup is stored with the time the node would finish it (and
// whether it fails); a restore with the time it ends; the daily schedule and its task as the panel
// keeps them. Each belongs to a sandbox server and goes with it.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('game_panel_sandbox_backups', (t) => {
    t.increments('id');
    t.uuid('uuid').notNullable().unique();
    t.text('server_identifier').notNullable().references('game_panel_sandbox_servers.identifier').onDelete('CASCADE');
    t.text('name').notNullable();
    t.bigInteger('bytes').notNullable();
    t.text('checksum').notNullable();
    t.boolean('fails').notNullable().defaultTo(false);
    t.timestamp('done_at', { useTz: true }).notNullable(); // completed_at once the clock passes it
    timestamps(t, knex);
    t.index(['server_identifier', 'created_at']);
  });

  await knex.schema.createTable('game_panel_sandbox_restores', (t) => {
    t.text('server_identifier').primary().references('game_panel_sandbox_servers.identifier').onDelete('CASCADE');
    t.uuid('backup_uuid').notNullable();
    t.timestamp('done_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('game_panel_sandbox_schedules', (t) => {
    t.increments('id');
    t.text('server_identifier').notNullable().references('game_panel_sandbox_servers.identifier').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('minute').notNullable();
    t.text('hour').notNullable();
    t.text('day_of_month').notNullable();
    t.text('month').notNullable();
    t.text('day_of_week').notNullable();
    t.boolean('is_active').notNullable();
    timestamps(t, knex);
    // One schedule of a name per server: two deliveries at once cannot both add the daily one.
    t.unique(['server_identifier', 'name']);
  });

  await knex.schema.createTable('game_panel_sandbox_schedule_tasks', (t) => {
    t.increments('id');
    t.integer('schedule_id').notNullable().references('game_panel_sandbox_schedules.id').onDelete('CASCADE');
    t.integer('sequence_id').notNullable();
    t.text('action').notNullable(); // command, power or backup, as on the panel
    t.text('payload').notNullable();
    t.integer('time_offset').notNullable();
    t.unique(['schedule_id', 'sequence_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('game_panel_sandbox_schedule_tasks');
  await knex.schema.dropTable('game_panel_sandbox_schedules');
  await knex.schema.dropTable('game_panel_sandbox_restores');
  await knex.schema.dropTable('game_panel_sandbox_backups');
}
