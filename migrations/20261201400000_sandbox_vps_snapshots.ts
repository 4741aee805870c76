import type { Knex } from 'knex';

// The sandbox cloud's snapshots (issue 33): OVH keeps one per machine; the simulated fleet keeps it
// here, with the task that moves it (taking, restoring, deleting) and when that task ends.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sandbox_vps_snapshots', (t) => {
    t.text('service_name').primary();
    t.text('description').notNullable().defaultTo('');
    // Null while it is being taken.
    t.timestamp('created_at', { useTz: true });
    t.text('task');
    t.timestamp('task_settles_at', { useTz: true });
  });
  await knex.raw(
    "ALTER TABLE sandbox_vps_snapshots ADD CONSTRAINT sandbox_vps_snapshots_task_check CHECK (task IN ('createSnapshot', 'revertSnapshot', 'deleteSnapshot'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sandbox_vps_snapshots');
}
