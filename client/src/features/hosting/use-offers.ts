import type { Product } from '../../../../shared/schemas/product';
import { useCatalogue } from '../../api/use-catalogue';
import { useLanguage } from '../../ui/use-language';
import { cheapestPerCategory } from './offers';

/** `offers` are the carousel's cards; `products` the whole catalogue, for the tiers (issue 17). */
export type OffersState = { status: 'loading' } | { status: 'ready'; offers: Product[]; products: Product[] } | { status: 'failed' };

/** The carousel's products and the catalogue (GET /api/products). Spec §8: a failure here is only logged. */
export function useOffers(): OffersState {
  const catalogue = useCatalogue(useLanguage());
  return catalogue.status === 'ready'
    ? { status: 'ready', offers: cheapestPerCategory(catalogue.products), products: catalogue.products }
    : catalogue;
}
