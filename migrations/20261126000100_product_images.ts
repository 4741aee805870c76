import type { Knex } from 'knex';
import { checkIn } from '../server/db/schema-helpers';

// Issue 17: every product shows one of the shop's own illustrations. A product stores its key (not a
// URL): the set is closed, checked here and by shared/catalog/product-images.ts. The list is frozen
// in this migration; a new illustration comes with a migration that widens the constraint.
const IMAGES = ['minecraft', 'fivem', 'garrys-mod', 'vps-linux', 'vps-windows', 'server'];

// Existing products get the illustration of their category (same rule as defaultProductImage).
const BY_CATEGORY: [string, string][] = [
  ['%minecraft%', 'minecraft'],
  ['%five%m%', 'fivem'],
  ['%garry%', 'garrys-mod'],
  ['%windows%', 'vps-windows'],
  ['%linux%', 'vps-linux'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.text('image').notNullable().defaultTo('server');
  });
  await knex.raw(checkIn('products', 'image', IMAGES));
  // In reverse so that the first matching rule is the one applied last (wins), as in the shared rule.
  for (const [pattern, image] of [...BY_CATEGORY].reverse()) {
    await knex.raw(`UPDATE products p SET image = ? FROM categories c WHERE c.id = p.category_id AND c.name ILIKE ?`, [image, pattern]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => t.dropColumn('image'));
}
