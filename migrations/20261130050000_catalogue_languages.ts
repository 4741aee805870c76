import type { Knex } from 'knex';
import { STORAGE_TYPES } from '../shared/catalog/storage-types';
import { LANGUAGES } from '../shared/i18n/languages';
import { checkIn } from '../server/db/schema-helpers';

// Issue 34: the catalogue in the customer's language, and claims backed by the product.
// French stays in the existing columns (name, description), the source every other language falls
// back to; `translations` holds the others by language ({"nl": {"name": …, "description": …}}), one
// jsonb per row rather than a table: the catalogue is read whole, and a row carries all its texts.
// storage_type is what the disks are, so "NVMe on every offer" is computed, never written.
// A review's comment keeps the language it was written in, so a page in another one says so.
export async function up(knex: Knex): Promise<void> {
  for (const table of ['products', 'categories', 'subcategories']) {
    await knex.schema.alterTable(table, (t) => {
      t.jsonb('translations').notNullable().defaultTo('{}');
    });
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_translations_object CHECK (jsonb_typeof(translations) = 'object')`);
  }
  await knex.schema.alterTable('products', (t) => {
    t.text('storage_type');
  });
  await knex.raw(checkIn('products', 'storage_type', STORAGE_TYPES));
  // Rows written before: the type their storage line names ("80 Go NVMe").
  for (const type of STORAGE_TYPES) {
    await knex.raw(`UPDATE products SET storage_type = ? WHERE storage_type IS NULL AND config_products->>'storage' ~* ?`, [
      type,
      `\\m${type}\\M`,
    ]);
  }
  await knex.schema.alterTable('ratings', (t) => {
    t.text('comment_language');
  });
  await knex.raw(checkIn('ratings', 'comment_language', LANGUAGES));
  await knex.raw(`UPDATE ratings SET comment_language = 'fr' WHERE comment IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ratings', (t) => {
    t.dropColumn('comment_language');
  });
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('storage_type');
  });
  for (const table of ['products', 'categories', 'subcategories']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('translations');
    });
  }
}
