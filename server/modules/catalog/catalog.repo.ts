import type { Knex } from 'knex';
import type { StorageType } from '../../../shared/catalog/storage-types';
import type { ProductImage } from '../../../shared/catalog/product-images';
import { DEFAULT_SUBCATEGORY_NAME, type DeliveryMode, type OsFamily, type ServiceKind } from '../../../shared/constants';

export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  tax_rate: number;
  currency: string;
  image: ProductImage;
  stock: number;
  category_name: string;
  subcategory_name: string;
  /** Other languages' texts of the product, its category and its subcategory (catalogue-texts.ts). */
  translations: unknown;
  category_translations: unknown;
  subcategory_translations: unknown;
  storage_type: StorageType | null;
  config_products: Record<string, string | number>;
  ovh_duration: string;
  ovh_pricing_mode: string;
  service_kind: ServiceKind;
  delivery: DeliveryMode;
  delivery_config: Record<string, unknown>;
  os_choices: { id: string; name: string; family: OsFamily }[];
  variants: { id: string; name: string }[];
}

/** Active products, by category order then price, with their category and subcategory names. */
export function listActiveProducts(db: Knex): Promise<ProductRow[]> {
  return db('products as p')
    .join('categories as c', 'c.id', 'p.category_id')
    .leftJoin('subcategories as s', 's.id', 'p.subcategory_id')
    .where('p.is_active', true)
    .orderBy([{ column: 'c.position' }, { column: 'c.name' }, { column: 'p.price_cents' }, { column: 'p.id' }])
    .select(
      'p.id',
      'p.slug',
      'p.name',
      'p.description',
      'p.price_cents',
      'p.support_cents',
      'p.margin_cents',
      'p.tax_rate',
      'p.currency',
      'p.image',
      'p.stock',
      'c.name as category_name',
      db.raw('coalesce(s.name, ?) as subcategory_name', [DEFAULT_SUBCATEGORY_NAME]),
      'p.translations',
      'c.translations as category_translations',
      db.raw(`coalesce(s.translations, '{}'::jsonb) as subcategory_translations`),
      'p.storage_type',
      'p.config_products',
      'p.ovh_duration',
      'p.ovh_pricing_mode',
      'p.service_kind',
      'p.delivery',
      'p.delivery_config',
      'p.os_choices',
      'p.variants',
    );
}
