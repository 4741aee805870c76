import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { customerPrice } from '../../../../shared/money/customer-price';
import { TIER_IDS, TIER_SLUGS, type TierId } from '../../../../shared/catalog/hosting-tiers';
import { stockLevel } from '../../../../shared/catalog/stock-level';
import type { Product } from '../../../../shared/schemas/product';
import { billingMonthsOf, pricePeriod } from '../../ui/price-period';
import { useLanguage } from '../../ui/use-language';

/**
 * Issue 34: the three tiers are the catalogue's Basic, Standard and Premium products (by slug), at
 * the price the customer pays, with their stock. Unless all three are on sale, no tier is shown:
 * the text names all three prices.
 */
export function tierProducts(products: readonly Product[]): { id: TierId; product: Product }[] {
  const tiers = TIER_IDS.map((id) => ({ id, product: products.find((p) => p.slug === TIER_SLUGS[id]) }));
  return tiers.every((tier) => tier.product) ? (tiers as { id: TierId; product: Product }[]) : [];
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
                  {pricePeriod(t, billingMonthsOf(product))} · {t('shop.exclTax')}
                </span>
              </p>
              <p className={`stock stock--${stockLevel(product.stock)} tier__stock`}>{t(`shop.stock.${stockLevel(product.stock)}`)}</p>
              <p className="tier__text">{t(`hosting.tiers.${id}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className="tiers__note">{t('hosting.tiers.note')}</p>
      </div>
    </section>
  );
}
