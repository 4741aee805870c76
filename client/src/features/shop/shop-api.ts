import { catalogApi } from '../../../../shared/contract/catalog';
import type { Product } from '../../../../shared/schemas/product';
import { callApi } from '../../api/call';
import { readProducts } from '../../api/read-products';

/** GET /api/products, each product read again with the shared schema (see readProducts). */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  const products: unknown[] = await callApi(catalogApi.products, {}, { signal });
  return readProducts(products);
}
