import type { catalogApi } from '../../../../shared/contract/catalog';
import type { Language } from '../../../../shared/i18n/languages';
import type { Product } from '../../../../shared/schemas/product';
import { callApi } from '../../api/call';
import { PUBLIC_ROUTES } from '../../api/public-routes';
import { readProducts } from '../../api/read-products';

/** GET /api/products?lng=, each product read as the shared schema would (see readProducts). */
export async function fetchProducts(lng: Language, signal?: AbortSignal): Promise<Product[]> {
  const products: unknown[] = await callApi<typeof catalogApi.products>(PUBLIC_ROUTES.products, { query: { lng } }, { signal });
  return readProducts(products);
}
