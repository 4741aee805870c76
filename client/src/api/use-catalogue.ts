import { useEffect, useState } from 'react';
import { catalogApi } from '../../../shared/contract/catalog';
import { productSchema, type Product } from '../../../shared/schemas/product';
import { callApi } from './call';

export type CatalogueState = { status: 'loading' } | { status: 'ready'; products: Product[] } | { status: 'failed' };

/**
 * The live catalogue (GET /api/products) for the pages that quote prices outside the shop (home,
 * Hosting): every "from" price comes from it, never from a constant (issue 17). Each product is read
 * with the shared schema, as the shop reads it; one that does not fit is left out. A failure is only
 * logged (spec §8): the page leaves out what needed it.
 */
export function useCatalogue(): CatalogueState {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    callApi(catalogApi.products, {}, { signal: controller.signal })
      .then((body: unknown[]) => {
        const products = body.flatMap((item) => {
          const parsed = productSchema.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        });
        setState({ status: 'ready', products });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the catalogue for the offers and prices', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, []);

  return state;
}
