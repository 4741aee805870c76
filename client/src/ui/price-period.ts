import type { TFunction } from 'i18next';
import { servicePeriodMonths } from '../../../shared/billing/service-period';
import type { Product } from '../../../shared/schemas/product';

/** Months one payment of the product buys (issue 34): 1, or 3, 6, 12 for a product billed less often. */
export const billingMonthsOf = (product: Pick<Product, 'ovh_duration' | 'ovh_pricing_mode'>) =>
  servicePeriodMonths(product.ovh_duration, product.ovh_pricing_mode);

/** What a price buys, after the amount: "/ mois", or "/ 3 mois" for a product billed every 3 months. */
export const pricePeriod = (t: TFunction, months: number) => (months === 1 ? t('shop.perMonth') : t('shop.perMonths', { months }));
