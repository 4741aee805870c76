import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';

// Builders create what a test needs, parents included, with overridable fields.

export async function buildCategory(db: Knex, overrides: { name?: string; position?: number } = {}) {
  const [row] = await db('categories')
    .insert({ name: overrides.name ?? `Catégorie ${randomBytes(3).toString('hex')}`, position: overrides.position ?? 0 })
    .returning('*');
  return row as { id: number; name: string };
}

export async function buildProduct(db: Knex, overrides: Record<string, unknown> = {}) {
  const categoryId = (overrides.category_id as number | undefined) ?? (await buildCategory(db)).id;
  const slug = `produit-${randomBytes(4).toString('hex')}`;
  const [row] = await db('products')
    .insert({
      name: 'VPS Test',
      slug,
      description: 'Un VPS de test',
      price_cents: 999,
      stock: 10,
      config_products: JSON.stringify({ ram: '4 Go', cores: 2 }),
      ...overrides,
      category_id: categoryId,
    })
    .returning('*');
  return row as { id: number; slug: string; name: string };
}

export async function buildUser(db: Knex, overrides: Record<string, unknown> = {}) {
  const [row] = await db('users')
    .insert({
      email: `user-${randomBytes(4).toString('hex')}@example.test`,
      full_name: 'Jean Test',
      ...overrides,
    })
    .returning('*');
  return row as { id: number; email: string };
}
