import type { Knex } from 'knex';

// The sandbox game panel's files and SFTP password (issue 33): what `npm start` shows in the
// customer panel's file browser without a Pterodactyl key. A server's files are made on first
// look (a Minecraft server's tree) and kept here, so every instance of the app sees the same ones.
// The SFTP password is kept as a hash only: the sandbox checks nothing with it, it just never
// holds the password itself.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('game_panel_sandbox_files', (t) => {
    t.bigIncrements('id');
    t.integer('server_id').notNullable().references('game_panel_sandbox_servers.id').onDelete('CASCADE');
    t.text('path').notNullable(); // absolute inside the server root: /plugins/bStats/config.yml
    t.text('directory').notNullable(); // the parent's path: /plugins/bStats
    t.text('name').notNullable();
    t.boolean('is_file').notNullable();
    t.binary('content'); // null for a directory
    t.timestamp('modified_at', { useTz: true }).notNullable();
    t.unique(['server_id', 'path']);
    t.index(['server_id', 'directory']);
  });
  await knex.schema.alterTable('game_panel_sandbox_users', (t) => {
    t.text('sftp_password_hash');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('game_panel_sandbox_users', (t) => {
    t.dropColumn('sftp_password_hash');
  });
  await knex.schema.dropTable('game_panel_sandbox_files');
}
