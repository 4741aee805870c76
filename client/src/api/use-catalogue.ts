import { useEffect, useState } from 'react';
import type { catalogApi } from '../../../shared/contract/catalog';
import type { Language } from '../../../shared/i18n/languages';
import type { Product } from '../../../shared/schemas/product';
import { useHydration } from './initial-data';
import { callApi } from './call';
import { PUBLIC_ROUTES } from './public-routes';
import { readProducts } from './read-products';

export type CatalogueState = { status: 'loading' } | { status: 'ready'; products: Product[] } | { status: 'failed' };

/**
 * The live catalogue (GET /api/products) for the pages that quote prices outside the shop (home,
 * Hosting): every "from" price comes from it, never from a constant (issue 17). On a page the
 * server rendered, its copy of the catalogue is used as is (no second fetch). A failure is only
 * logged (spec §8): the page leaves out what needed it. In `lng`, the page's language (issue 34).
 */
export function useCatalogue(lng: Language): CatalogueState {
  const { data } = useHydration();
  const [fromServer] = useState(() => data.products !== undefined);
  const [state, setState] = useState<CatalogueState>(() =>
    data.products ? { status: 'ready', products: readProducts(data.products) } : { status: 'loading' },
  );

  useEffect(() => {
    if (fromServer) return;
    const controller = new AbortController();
    callApi<typeof catalogApi.products>(PUBLIC_ROUTES.products, { query: { lng } }, { signal: controller.signal })
      .then((body: unknown[]) => setState({ status: 'ready', products: readProducts(body) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the catalogue for the offers and prices', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [fromServer, lng]);

  return state;
}
