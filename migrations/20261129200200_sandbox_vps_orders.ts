import type { Knex } from 'knex';

// OVH ordering without keys (issue 31): the sandbox records each order here, so every instance of
// the app sees the same one, and delivers it once its time has come, when it is next read (the new
// machine goes into `vps`). One order per reference (our service id), as a cart is found again by
// its description at OVH.
const STATUSES = ['pending', 'delivered', 'failed'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sandbox_vps_orders', (t) => {
    t.bigIncrements('id'); // the order id placeOrder answers
    t.text('reference').notNullable().unique();
    t.text('plan_code').notNullable();
    t.text('datacenter').notNullable();
    t.text('os').notNullable();
    t.integer('duration_months').notNullable();
    t.integer('price_cents').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('delivers_at', { useTz: true }).notNullable();
    t.text('service_name'); // the new machine, once delivered
    t.text('failure_reason');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.raw(
    `ALTER TABLE sandbox_vps_orders ADD CONSTRAINT sandbox_vps_orders_status_check CHECK (status IN (${STATUSES.map((s) => `'${s}'`).join(', ')}))`,
  );
  await knex.raw(`ALTER TABLE sandbox_vps_orders ADD CONSTRAINT sandbox_vps_orders_delivered_names_vps
    CHECK (status <> 'delivered' OR service_name IS NOT NULL)`);
  await knex.raw(`ALTER TABLE sandbox_vps_orders ADD CONSTRAINT sandbox_vps_orders_failed_says_why
    CHECK (status <> 'failed' OR failure_reason IS NOT NULL)`);
  await knex.raw('ALTER TABLE sandbox_vps_orders ADD CONSTRAINT sandbox_vps_orders_sizes CHECK (duration_months > 0 AND price_cents >= 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sandbox_vps_orders');
}
