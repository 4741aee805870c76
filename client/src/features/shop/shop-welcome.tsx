import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { customerPrice } from '../../../../shared/money/customer-price';
import type { Product } from '../../../../shared/schemas/product';
import { billingMonthsOf, pricePeriod } from '../../ui/price-period';
import { useLanguage } from '../../ui/use-language';
import { groupCategories, productsIn, stockLevel, themeFor } from './catalogue';

/**
 * With no category chosen: every category with its subcategories, each a way in, and what it
 * offers — each product with its price and stock, so the page says what the shop sells at once.
 */
export function ShopWelcome({ products }: { products: readonly Product[] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <section className="shop-welcome" aria-labelledby="shop-welcome-title">
      <h2 id="shop-welcome-title" className="shop-welcome__title">
        {t('shop.welcome.title')}
      </h2>
      <p className="shop-welcome__text">{t('shop.welcome.text')}</p>
      <ul className="shop-welcome__grid">
        {groupCategories(products).map((group) => (
          <li key={group.key} className="category-tile" data-theme={themeFor(group.key, null)}>
            <h3 className="category-tile__title">
              <Link to={{ search: `?${new URLSearchParams({ category: group.key })}` }}>{group.name}</Link>
            </h3>
            <ul className="category-tile__subs" aria-label={t('shop.subcategoriesOf', { category: group.name })}>
              {group.subcategories.map((sub) => (
                <li key={sub.key}>
                  <Link to={{ search: `?${new URLSearchParams({ category: group.key, subcategory: sub.key })}` }}>{sub.name}</Link>
                </li>
              ))}
            </ul>
            <ul className="category-tile__offers">
              {productsIn(products, group.key, null).map((product) => {
                const level = stockLevel(product.stock);
                return (
                  <li key={product.id} className="tile-offer">
                    <span className="tile-offer__name">{product.name}</span>
                    <span className="tile-offer__price">
                      {formatMoney(customerPrice(product).netCents, product.currency, lng)} {pricePeriod(t, billingMonthsOf(product))} ·{' '}
                      {t('shop.exclTax')}
                    </span>
                    <span className={`stock stock--${level} tile-offer__stock`}>{t(`shop.stock.${level}`)}</span>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
