import type { Knex } from 'knex';
import { timestamps } from '../server/db/schema-helpers';

// The sandbox game panel (issue 31): what `npm start` delivers game servers on without a
// Pterodactyl key. Its users and servers live here, so that every instance of the app sees the
// same panel; an install is stored as the time it ends (and whether it fails) and read from there.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('game_panel_sandbox_users', (t) => {
    t.increments('id');
    t.text('external_id').unique(); // our user id, as on the real panel
    t.text('email').notNullable();
    t.text('username').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    timestamps(t, knex);
  });
  // The panel holds one account per address, whatever its case.
  await knex.raw('CREATE UNIQUE INDEX game_panel_sandbox_users_email_idx ON game_panel_sandbox_users (lower(email))');

  await knex.schema.createTable('game_panel_sandbox_servers', (t) => {
    t.increments('id');
    t.text('identifier').notNullable().unique(); // the panel's short uuid
    t.text('external_id').unique(); // our service id: one server per id, as on the real panel
    t.text('name').notNullable();
    t.integer('user_id').notNullable().references('game_panel_sandbox_users.id');
    t.integer('egg_id').notNullable();
    t.text('docker_image').notNullable();
    t.text('startup').notNullable();
    t.jsonb('environment').notNullable();
    t.jsonb('limits').notNullable();
    t.jsonb('feature_limits').notNullable();
    t.text('location').notNullable(); // the node's location short code (gra, rbx, fail)
    t.text('host').notNullable(); // the allocation's alias: what players connect to
    t.text('ip').notNullable();
    t.integer('port').notNullable();
    t.boolean('install_fails').notNullable();
    t.timestamp('install_done_at', { useTz: true }).notNullable();
    t.boolean('suspended').notNullable().defaultTo(false);
    timestamps(t, knex);
    t.unique(['host', 'port']); // an allocation belongs to one server
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('game_panel_sandbox_servers');
  await knex.schema.dropTable('game_panel_sandbox_users');
}
