import type { Knex } from 'knex';
import type { ProductImage } from '../../../../shared/catalog/product-images';
import { DEFAULT_CATEGORY_NAME } from '../../../../shared/constants';
import type { StaffCategoriesDto } from '../../../../shared/schemas/staff/products';

export interface NewProductRow {
  name: string;
  slug: string;
  description: string;
  translations: string; // JSON text for the jsonb column
  storage_type: string | null;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  tax_rate: number;
  currency: string;
  stock: number;
  category_id: number;
  subcategory_id: number | null;
  image: ProductImage;
  config_products: string; // JSON text for the jsonb column
  ovh_config: string;
  /** Months one payment buys, as text (spec §3 ovh_duration). */
  ovh_duration: string;
  service_kind: string;
  delivery: string;
  delivery_config: string; // JSON text, as deliveryConfigOf writes it
  os_choices: string;
  variants: string;
}

/** The category's name, or undefined when there is no such category. */
export async function categoryName(db: Knex, id: number): Promise<string | undefined> {
  const row = await db('categories').where({ id }).first('name');
  return row?.name as string | undefined;
}

/** Every category in the shop's order, each with its subcategories in theirs. */
export async function listCategoriesWithSubcategories(db: Knex): Promise<StaffCategoriesDto['categories']> {
  const categories: { id: number; name: string }[] = await db('categories').orderBy(['position', 'name', 'id']).select('id', 'name');
  const subcategories: { id: number; name: string; category_id: number }[] = await db('subcategories')
    .orderBy(['position', 'name', 'id'])
    .select('id', 'name', 'category_id');
  return categories.map((c) => ({
    id: c.id,
    name: c.name,
    subcategories: subcategories.filter((s) => s.category_id === c.id).map((s) => ({ id: s.id, name: s.name })),
  }));
}

/** The subcategory's category, or undefined when there is no such subcategory. */
export async function categoryOfSubcategory(db: Knex, id: number): Promise<number | undefined> {
  const row = await db('subcategories').where({ id }).first('category_id');
  return row?.category_id as number | undefined;
}

/** The category with this name, else 'Autre' (inserted by the catalogue migration, always there). */
export async function categoryByName(db: Knex, name: string): Promise<{ id: number; name: string }> {
  const rows: { id: number; name: string }[] = await db('categories').whereIn('name', [name, DEFAULT_CATEGORY_NAME]).select('id', 'name');
  const found = rows.find((r) => r.name === name) ?? rows.find((r) => r.name === DEFAULT_CATEGORY_NAME);
  if (!found) throw new Error(`Category '${DEFAULT_CATEGORY_NAME}' is missing`);
  return found;
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
