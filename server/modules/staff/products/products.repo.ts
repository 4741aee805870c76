import type { Knex } from 'knex';
import { DEFAULT_CATEGORY_NAME } from '../../../../shared/constants';

export interface NewProductRow {
  name: string;
  slug: string;
  description: string;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  tax_rate: number;
  currency: string;
  stock: number;
  category_id: number;
  subcategory_id: number | null;
  config_products: string; // JSON text for the jsonb column
  ovh_config: string;
}

export async function categoryExists(db: Knex, id: number): Promise<boolean> {
  return (await db('categories').where({ id }).first('id')) !== undefined;
}

/** The subcategory's category, or undefined when there is no such subcategory. */
export async function categoryOfSubcategory(db: Knex, id: number): Promise<number | undefined> {
  const row = await db('subcategories').where({ id }).first('category_id');
  return row?.category_id as number | undefined;
}

/** The category with this name, else 'Autre' (inserted by the catalogue migration, always there). */
export async function categoryIdByName(db: Knex, name: string): Promise<number> {
  const rows: { id: number; name: string }[] = await db('categories').whereIn('name', [name, DEFAULT_CATEGORY_NAME]).select('id', 'name');
  const found = rows.find((r) => r.name === name) ?? rows.find((r) => r.name === DEFAULT_CATEGORY_NAME);
  if (!found) throw new Error(`Category '${DEFAULT_CATEGORY_NAME}' is missing`);
  return found.id;
}

export async function insertProduct(db: Knex, row: NewProductRow): Promise<number> {
  const [inserted] = await db('products').insert(row).returning('id');
  return (inserted as { id: number }).id;
}

/** Postgres' unique_violation on products.slug (two creations racing, or a slug already used). */
export function isSlugTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && e.constraint === 'products_slug_unique';
}
