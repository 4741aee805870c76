import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { byCustomerPrice, customerPrice } from '../../../../shared/money/customer-price';
import type { Product } from '../../../../shared/schemas/product';
import { useLanguage } from '../../ui/use-language';

const TIER_IDS = ['basic', 'standard', 'premium'] as const;
type TierId = (typeof TIER_IDS)[number];

/**
 * Issue 17: the three tiers are real products of the catalogue, by what the customer pays: the
 * cheapest (Basic), the middle one (Standard) and the dearest (Premium). Fewer than three products: none.
 */
export function tierProducts(products: readonly Product[]): { id: TierId; product: Product }[] {
  const sorted = byCustomerPrice(products);
  if (sorted.length < TIER_IDS.length) return [];
  const picks = [sorted[0]!, sorted[Math.floor((sorted.length - 1) / 2)]!, sorted[sorted.length - 1]!];
  return TIER_IDS.map((id, index) => ({ id, product: picks[index]! }));
}

export function PricingTiers({ products }: { products: readonly Product[] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const tiers = tierProducts(products);
  if (tiers.length === 0) return null;
  const price = (product: Product) => formatMoney(customerPrice(product).netCents, product.currency || 'EUR', lng);
  const [basic, standard, premium] = tiers.map((tier) => price(tier.product));

  return (
    <section className="page-section page-section--white" aria-labelledby="tiers-title">
      <div className="container">
        <span className="section-eyebrow">{t('hosting.tiers.eyebrow')}</span>
        <h2 id="tiers-title" className="section-title">
          {t('hosting.tiers.heading')}
        </h2>
        <p className="section-intro">{t('hosting.tiers.intro', { basic, standard, premium })}</p>
        <ul className="tiers">
          {tiers.map(({ id, product }) => (
            <li key={id} className={`tier${id === 'standard' ? ' tier--featured' : ''}`} data-product-id={product.id}>
              <h3 className="tier__name">{t(`hosting.tiers.${id}.name`)}</h3>
              <p className="tier__product">
                <Link to={`/${lng}/boutique?category=${encodeURIComponent(product.category_key)}`}>{product.name}</Link>
              </p>
              <p className="tier__price">
                <span className="tier__amount">{price(product)}</span>
                <span className="tier__period">
                  {t('hosting.pricing.perMonth')} · {t('shop.exclTax')}
                </span>
              </p>
              <p className="tier__text">{t(`hosting.tiers.${id}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className="tiers__note">{t('hosting.tiers.note')}</p>
      </div>
    </section>
  );
}
