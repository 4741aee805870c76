import type { Knex } from 'knex';
import type { StorageType } from '../../../../shared/catalog/storage-types';
import type { ProductImage } from '../../../../shared/catalog/product-images';
import type { DeliveryMode, ServiceKind } from '../../../../shared/constants';
import type { AdminProductsQuery } from '../../../../shared/schemas/staff/products';
import { readKeysetPage, type Keyset } from '../../../db/keyset';

/** The columns the Produits category reads (and may change: see EDITABLE_FIELDS in the service). */
export interface AdminProductRow {
  id: number;
  name: string;
  slug: string;
  category_id: number;
  category_name: string;
  subcategory_id: number | null;
  subcategory_name: string | null;
  image: ProductImage;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  tax_rate: number;
  currency: string;
  stock: number;
  is_active: boolean;
  description: string;
  translations: unknown;
  storage_type: StorageType | null;
  ovh_duration: string;
  /** The specs (ram, cores, storage, traffic, bandwidth); the form edits the bandwidth. */
  config_products: Record<string, unknown> | null;
  updated_at: Date;
  service_kind: ServiceKind;
  delivery: DeliveryMode;
  delivery_config: unknown;
  os_choices: unknown[];
  variants: unknown[];
}

const COLUMNS = [
  'p.id',
  'p.name',
  'p.slug',
  'p.category_id',
  'c.name as category_name',
  'p.subcategory_id',
  's.name as subcategory_name',
  'p.image',
  'p.price_cents',
  'p.support_cents',
  'p.margin_cents',
  'p.tax_rate',
  'p.currency',
  'p.stock',
  'p.is_active',
  'p.description',
  'p.translations',
  'p.storage_type',
  'p.ovh_duration',
  'p.config_products',
  'p.updated_at',
  'p.service_kind',
  'p.delivery',
  'p.delivery_config',
  'p.os_choices',
  'p.variants',
];

const withCategory = (db: Knex) =>
  db('products as p').join('categories as c', 'c.id', 'p.category_id').leftJoin('subcategories as s', 's.id', 'p.subcategory_id');

/** '%' and '_' typed in the search box are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** By name, id breaking ties (index products_by_name_idx). */
const BY_NAME: Keyset = { table: 'products', alias: 'p', keys: ['{t}.name', '{t}.id'], direction: 'asc' };

/** One page by name after the product `after` (keyset), and the cursor of the next page. */
export async function listAdminProducts(
  db: Knex,
  query: AdminProductsQuery,
  limit: number,
): Promise<{ rows: AdminProductRow[]; next: number | null }> {
  const q = withCategory(db).where('p.is_active', !query.archived);
  if (query.q) {
    const pattern = likePattern(query.q);
    q.where((w) => w.whereILike('p.name', pattern).orWhereILike('p.slug', pattern));
  }
  return readKeysetPage<AdminProductRow>(q.select(COLUMNS), BY_NAME, query.after, limit);
}

export function findAdminProduct(db: Knex, id: number): Promise<AdminProductRow | undefined> {
  return withCategory(db).where('p.id', id).first(COLUMNS);
}

/** Locks the product row for the rest of the transaction (two editors: one after the other). */
export async function lockProduct(trx: Knex, id: number): Promise<boolean> {
  return (await trx('products').where({ id }).forUpdate().first('id')) !== undefined;
}

/**
 * Writes the changed columns; `specs` are merged into config_products (the other specs stay), so
 * two editors changing different specs do not undo each other.
 */
export async function updateProductRow(
  trx: Knex,
  id: number,
  changes: Record<string, unknown>,
  now: Date,
  specs: Record<string, string> = {},
): Promise<void> {
  const merged = Object.keys(specs).length ? { config_products: trx.raw('config_products || ?::jsonb', [JSON.stringify(specs)]) } : {};
  await trx('products')
    .where({ id })
    .update({ ...changes, ...merged, updated_at: now });
}
