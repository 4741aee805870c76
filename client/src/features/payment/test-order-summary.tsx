import { useTranslation } from 'react-i18next';
import { cartTotals, formatMoney } from '../../../../shared/money/cart-totals';
import { ProductSpecs } from '../../ui/product-specs';
import { useLanguage } from '../../ui/use-language';
import type { TestLine } from './payment-test-params';

/** The cart being paid: image, name, specs (RAM, cores, storage, traffic, bandwidth), quantity and price. */
export function TestOrderSummary({ lines }: { lines: readonly TestLine[] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <ul className="test-summary">
      {lines.map((line) => (
        <li key={line.productId} className="test-line">
          {line.image_url ? (
            <img className="test-line__image" src={line.image_url} alt="" width={56} height={56} loading="lazy" />
          ) : (
            <span className="test-line__image" aria-hidden="true" />
          )}
          <div className="test-line__main">
            <h3 className="test-line__name">{line.name}</h3>
            <p className="test-line__meta">
              <span>{t('paymentteste.quantity', { qty: line.qty })}</span>
              <span>
                {t('paymentteste.price')} <strong>{formatMoney(cartTotals([line]).subtotalCents, line.currency, lng)}</strong>
              </span>
            </p>
          </div>
          <ProductSpecs specs={line.config_products} />
        </li>
      ))}
    </ul>
  );
}
