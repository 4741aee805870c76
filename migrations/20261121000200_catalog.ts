import type { Knex } from 'knex';
import { CURRENCIES, DEFAULT_CATEGORY_NAME, DEFAULT_TAX_RATE } from '../shared/constants';
import { checkIn, timestamps } from '../server/db/schema-helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('categories', (t) => {
    t.increments('id');
    t.text('name').notNullable().unique();
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Products without a category land in 'Autre'; one without a subcategory reads as 'Sans sous-catégorie'.
  await knex('categories').insert({ name: DEFAULT_CATEGORY_NAME, position: 1000 });

  await knex.schema.createTable('subcategories', (t) => {
    t.increments('id');
    t.integer('category_id').notNullable().references('categories.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.unique(['category_id', 'name']);
  });

  await knex.schema.createTable('products', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('slug').notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    t.integer('price_cents').notNullable();
    t.integer('support_cents').notNullable().defaultTo(0);
    t.integer('margin_cents').notNullable().defaultTo(0);
    t.decimal('tax_rate', 5, 2).notNullable().defaultTo(DEFAULT_TAX_RATE);
    t.specificType('currency', 'char(3)').notNullable().defaultTo('EUR');
    t.text('image_url');
    t.integer('stock').notNullable().defaultTo(0);
    t.integer('category_id').notNullable().references('categories.id').onDelete('RESTRICT');
    t.integer('subcategory_id').references('subcategories.id').onDelete('SET NULL');
    t.jsonb('config_products').notNullable().defaultTo('{}'); // spec name -> value (ram, cores, storage, traffic, bandwidth)
    t.jsonb('ovh_config').notNullable().defaultTo('{}'); // {region, os}
    t.text('ovh_duration').notNullable().defaultTo('1'); // months, text as the spec reads it
    t.text('ovh_pricing_mode').notNullable().defaultTo('default');
    t.boolean('is_active').notNullable().defaultTo(true);
    timestamps(t, knex);
    t.index(['category_id', 'subcategory_id']);
  });
  await knex.raw('ALTER TABLE products ADD CONSTRAINT products_price_positive CHECK (price_cents > 0)');
  await knex.raw('ALTER TABLE products ADD CONSTRAINT products_money_non_negative CHECK (support_cents >= 0 AND margin_cents >= 0)');
  await knex.raw('ALTER TABLE products ADD CONSTRAINT products_stock_non_negative CHECK (stock >= 0)');
  await knex.raw('ALTER TABLE products ADD CONSTRAINT products_tax_rate_range CHECK (tax_rate >= 0 AND tax_rate <= 100)');
  await knex.raw(checkIn('products', 'currency', CURRENCIES));

  await knex.schema.createTable('ratings', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().unique().references('users.id').onDelete('CASCADE'); // one per user
    t.smallint('rating').notNullable();
    timestamps(t, knex);
  });
  await knex.raw('ALTER TABLE ratings ADD CONSTRAINT ratings_rating_range CHECK (rating BETWEEN 1 AND 5)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ratings');
  await knex.schema.dropTable('products');
  await knex.schema.dropTable('subcategories');
  await knex.schema.dropTable('categories');
}
