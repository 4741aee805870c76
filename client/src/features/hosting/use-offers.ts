import { useEffect, useState } from 'react';
import { catalogApi } from '../../../../shared/contract/catalog';
import type { Product } from '../../../../shared/schemas/product';
import { callApi } from '../../api/call';
import { cheapestPerCategory, readProducts } from './offers';

export type OffersState = { status: 'loading' } | { status: 'ready'; offers: Product[] } | { status: 'failed' };

/** The carousel's products (GET /api/products). Spec §8: a failure here is only logged. */
export function useOffers(): OffersState {
  const [state, setState] = useState<OffersState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    callApi(catalogApi.products, {}, { signal: controller.signal })
      .then((body) => setState({ status: 'ready', offers: cheapestPerCategory(readProducts(body)) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the products for the pricing carousel', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, []);

  return state;
}
