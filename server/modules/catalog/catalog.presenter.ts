import { productImageUrl } from '../../../shared/catalog/product-images';
import { deliveryPromiseOf } from '../../../shared/schemas/delivery-settings';
import type { Product } from '../../../shared/schemas/product';
import type { ProductRow } from './catalog.repo';

/**
 * The fields a product shows the world (spec §3, issue 31); nothing else leaves the server: no
 * delivery settings, no variant's egg or panel variables. `stock` is what can still be sold
 * (catalog/deliverable-stock.ts).
 */
export function presentProduct(row: ProductRow, stock: number): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price_cents: row.price_cents,
    support_cents: row.support_cents,
    margin_cents: row.margin_cents,
    tax_rate: row.tax_rate,
    currency: row.currency as Product['currency'],
    image_url: productImageUrl(row.image), // the stored key names one of the shop's illustrations
    stock,
    category_name: row.category_name,
    subcategory_name: row.subcategory_name,
    config_products: row.config_products,
    ovh_duration: row.ovh_duration,
    ovh_pricing_mode: row.ovh_pricing_mode,
    delivery: deliveryPromiseOf(row.delivery),
    service_kind: row.service_kind,
    os_choices: row.os_choices.map(({ id, name, family }) => ({ id, name, family })),
    variants: row.variants.map(({ id, name }) => ({ id, name })),
  };
}
