import { productImageUrl } from '../../../shared/catalog/product-images';
import { deliveryPromiseOf } from '../../../shared/schemas/delivery-settings';
import type { Product } from '../../../shared/schemas/product';
import type { TFunction } from 'i18next';
import { textIn } from '../../../shared/catalog/catalogue-texts';
import { specsIn } from '../../../shared/catalog/spec-values';
import { DEFAULT_CATEGORY_NAME, DEFAULT_SUBCATEGORY_NAME } from '../../../shared/constants';
import type { Language } from '../../../shared/i18n/languages';
import type { ProductRow } from './catalog.repo';

/**
 * The fields a product shows the world (spec §3, issue 31); nothing else leaves the server: no
 * delivery settings, no variant's egg or panel variables. `stock` is what can still be sold
 * (catalog/deliverable-stock.ts).
 */
export function presentProduct(row: ProductRow, stock: number, lng: Language, t: TFunction): Product {
  // The shop's own names for the default placement, when staff gave no translation of 'Autre'.
  const category = { name: row.category_name, translations: row.category_translations };
  const subcategory = { name: row.subcategory_name, translations: row.subcategory_translations };
  return {
    id: row.id,
    slug: row.slug,
    name: textIn(row, 'name', lng),
    description: textIn(row, 'description', lng),
    price_cents: row.price_cents,
    support_cents: row.support_cents,
    margin_cents: row.margin_cents,
    tax_rate: row.tax_rate,
    currency: row.currency as Product['currency'],
    image_url: productImageUrl(row.image), // the stored key names one of the shop's illustrations
    stock,
    category_name: placementName(category, DEFAULT_CATEGORY_NAME, 'shop.defaultCategory', lng, t),
    subcategory_name: placementName(subcategory, DEFAULT_SUBCATEGORY_NAME, 'shop.defaultSubcategory', lng, t),
    category_key: row.category_name,
    subcategory_key: row.subcategory_name,
    storage_type: row.storage_type,
    config_products: specsIn(row.config_products, lng, t),
    ovh_duration: row.ovh_duration,
    ovh_pricing_mode: row.ovh_pricing_mode,
    delivery: deliveryPromiseOf(row.delivery),
    service_kind: row.service_kind,
    os_choices: row.os_choices.map(({ id, name, family }) => ({ id, name, family })),
    variants: row.variants.map(({ id, name }) => ({ id, name })),
  };
}

/** A category's or subcategory's name in `lng`; the shop's defaults ('Autre'…) read from the locale files. */
function placementName(row: { name: string; translations: unknown }, defaultName: string, key: string, lng: Language, t: TFunction) {
  const name = textIn(row, 'name', lng);
  return name === defaultName && lng !== 'fr' ? t(key) : name;
}
