import type { Knex } from 'knex';
import { checkIn, timestamps } from '../server/db/schema-helpers';

// Services beside orders (DESIGN.md §7): what a customer owns because of an order (a VPS or a game
// server), with its own status, period and connection; the products say how they are delivered and
// what the customer may choose (system, game variant). The lists are written out: the constants
// move on, this migration must not. Existing delivered machines become active (or suspended)
// services of their order, delivered by hand.
const KINDS = ['vps', 'game'];
const STATUSES = ['provisioning', 'active', 'needs_staff', 'suspended', 'terminated'];
const MODES = ['manual', 'inventory', 'ovh_order', 'pterodactyl'];
const OUTCOMES = ['ok', 'waiting', 'failed', 'gave_up'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.text('service_kind').notNullable().defaultTo('vps');
    t.text('delivery').notNullable().defaultTo('manual');
    // Per mode: inventory {plan?}, ovh_order {planCode, datacenter, maxPriceCents}, pterodactyl {egg, nest, ...}.
    t.jsonb('delivery_config').notNullable().defaultTo('{}');
    // [{ id, name, family }]: the systems a VPS buyer may choose (ids are stable, names as shown).
    t.jsonb('os_choices').notNullable().defaultTo('[]');
    // [{ id, name, egg?, dockerImage?, environment? }]: a game product's variants (Paper, Forge...).
    t.jsonb('variants').notNullable().defaultTo('[]');
  });
  await knex.raw(checkIn('products', 'service_kind', KINDS));
  await knex.raw(checkIn('products', 'delivery', MODES));

  await knex.schema.alterTable('order_lines', (t) => {
    t.text('os'); // the os_choices id the customer chose
    t.text('variant'); // the variants id the customer chose
  });

  await knex.schema.createTable('services', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('order_line_id').references('order_lines.id').onDelete('SET NULL');
    t.smallint('unit').notNullable().defaultTo(1); // which of the line's units (qty 2: units 1 and 2)
    t.integer('product_id').references('products.id').onDelete('SET NULL');
    t.text('kind').notNullable();
    t.text('delivery').notNullable();
    t.text('status').notNullable();
    t.text('os');
    t.text('variant');
    t.integer('vps_id').unique().references('vps.id').onDelete('SET NULL');
    t.integer('panel_server_id');
    t.text('panel_identifier');
    t.text('host');
    t.integer('port');
    t.bigInteger('ovh_order_id');
    t.timestamp('delivery_deadline', { useTz: true }); // past it while provisioning: needs_staff
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('end_at_term_requested_at', { useTz: true }); // "Résilier": ends at expiry, no renewal
    t.timestamp('suspended_at', { useTz: true });
    t.timestamp('terminated_at', { useTz: true });
    timestamps(t, knex);
    t.index(['user_id', 'id']);
    t.index(['order_id']);
  });
  await knex.raw(checkIn('services', 'kind', KINDS));
  await knex.raw(checkIn('services', 'status', STATUSES));
  await knex.raw(checkIn('services', 'delivery', MODES));
  await knex.raw('CREATE UNIQUE INDEX services_line_unit_unique ON services (order_line_id, unit) WHERE order_line_id IS NOT NULL');
  await knex.raw("CREATE INDEX services_waiting_idx ON services (status, id) WHERE status IN ('provisioning', 'needs_staff')");
  await knex.raw("CREATE INDEX services_expiry_idx ON services (expires_at, id) WHERE status IN ('active', 'suspended')");

  // Each step of an automatic delivery, as the back-office shows it under a delivery that needs staff.
  await knex.schema.createTable('service_delivery_attempts', (t) => {
    t.bigIncrements('id');
    t.integer('service_id').notNullable().references('services.id').onDelete('CASCADE');
    t.text('step').notNullable();
    t.text('outcome').notNullable();
    t.text('detail');
    t.timestamp('at', { useTz: true }).notNullable();
    t.index(['service_id', 'id']);
  });
  await knex.raw(checkIn('service_delivery_attempts', 'outcome', OUTCOMES));

  await knex.raw(`
    INSERT INTO services (user_id, order_id, order_line_id, unit, product_id, kind, delivery, status, os, vps_id,
                          delivered_at, expires_at, suspended_at, created_at, updated_at)
    SELECT o.user_id, o.id, l.id, 1, l.product_id, 'vps', 'manual',
           CASE WHEN v.state = 'suspended' THEN 'suspended' ELSE 'active' END,
           NULL, v.id, COALESCE(v.assigned_at, o.delivered_at, o.paid_at), v.expires_at, v.suspended_at, now(), now()
      FROM vps v
      JOIN orders o ON o.id = v.order_id
      LEFT JOIN LATERAL (SELECT id, product_id FROM order_lines WHERE order_id = o.id ORDER BY id LIMIT 1) l ON true
     WHERE v.state IN ('assigned', 'suspended')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('service_delivery_attempts');
  await knex.schema.dropTable('services');
  await knex.schema.alterTable('order_lines', (t) => {
    t.dropColumn('os');
    t.dropColumn('variant');
  });
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('service_kind');
    t.dropColumn('delivery');
    t.dropColumn('delivery_config');
    t.dropColumn('os_choices');
    t.dropColumn('variants');
  });
}
