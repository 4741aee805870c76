import { productSchema, type Product } from '../../../../shared/schemas/product';
import { apiGet } from '../../api/client';

/**
 * GET /api/products, each product read with the shared schema: config_products given as a JSON
 * string is parsed, an unreadable one dropped (spec §3). A product that does not fit is left out
 * rather than failing the whole shop.
 */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  const body = await apiGet<unknown>('/api/products', { signal });
  if (!Array.isArray(body)) throw new Error('GET /api/products did not answer a list');
  return body.flatMap((item: unknown) => {
    const parsed = productSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
