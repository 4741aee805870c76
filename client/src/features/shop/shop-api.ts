import { catalogApi } from '../../../../shared/contract/catalog';
import { productSchema, type Product } from '../../../../shared/schemas/product';
import { callApi } from '../../api/call';

/**
 * GET /api/products. Each product is read again with the shared schema: a production build does
 * not parse answers, and config_products given as a JSON string must be parsed (an unreadable one
 * dropped, spec §3). A product that does not fit is left out rather than failing the whole shop.
 */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  const products: unknown[] = await callApi(catalogApi.products, {}, { signal });
  return products.flatMap((item) => {
    const parsed = productSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
