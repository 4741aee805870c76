import type { Knex } from 'knex';

// When a service's data was deleted at its provider. A service ended at the term its customer asked
// for keeps its data 30 days (the terms: "conservées 30 jours puis supprimées"); one terminated for
// an unpaid renewal, or ended at once by staff, loses it on the day.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    t.timestamp('data_deleted_at', { useTz: true });
  });
  await knex.raw("UPDATE services SET data_deleted_at = terminated_at WHERE status = 'terminated'");
  await knex.raw(
    "CREATE INDEX services_data_kept_idx ON services (terminated_at, id) WHERE status = 'terminated' AND data_deleted_at IS NULL",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('services', (t) => {
    t.dropColumn('data_deleted_at');
  });
}
