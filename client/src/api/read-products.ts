import { readProductConfig } from '../../../shared/catalog/product-config';
import type { Product } from '../../../shared/schemas/product';

/**
 * GET /api/products as the pages use it. A production build does not parse answers against the
 * schema (zod stays off the public pages, issue 18), so what the shared schema's preprocessing
 * does is done here: config_products given as a JSON string is parsed, an unreadable one dropped
 * (spec §3). An item without a numeric id or a name is left out rather than failing the page.
 */
export function readProducts(body: unknown[]): Product[] {
  return body.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const product = item as Product;
    if (typeof product.id !== 'number' || typeof product.name !== 'string') return [];
    return [{ ...product, config_products: readProductConfig(product.config_products) }];
  });
}
