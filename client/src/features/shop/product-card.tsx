import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../shared/schemas/product';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { customerPrice } from '../../../../shared/money/customer-price';
import type { VatStatusDto } from '../../../../shared/schemas/vat';
import { deliveryOf, productOptions } from '../../api/product-delivery';
import { DeliveryPromiseNote } from '../../ui/delivery-promise';
import { ProductChoicePicker } from '../../ui/product-choice-picker';
import { ProductImage } from '../../ui/product-image';
import { ProductSpecs } from '../../ui/product-specs';
import { billingMonthsOf, pricePeriod } from '../../ui/price-period';
import { useLanguage } from '../../ui/use-language';
import { stockLevel } from './catalogue';

interface Props {
  product: Product;
  /** Adds the product with the system or game version chosen on the card (issue 31). */
  onAdd: (product: Product, choiceId?: string) => void;
  /** The logged-in customer's VAT treatment, when known (GET /api/account/vat). */
  vat?: VatStatusDto | null;
}

export function ProductCard({ product, onAdd, vat = null }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const level = stockLevel(product.stock);
  const stockId = `product-${product.id}-stock`;
  const price = customerPrice(product, { taxRate: vat?.taxRate, category: vat?.category });
  const money = (cents: number) => formatMoney(cents, product.currency, lng);
  const options = productOptions(product);
  // The price buys one billing period (issue 34): a product billed every 3 months says so.
  const months = billingMonthsOf(product);
  // The first system or version is preselected: one click still adds a product that runs.
  const [choice, setChoice] = useState(() => options?.list[0]?.id);

  return (
    <article className="product-card" aria-labelledby={`product-${product.id}-name`}>
      <ProductImage src={product.image_url} className="product-card__image" />
      <p className="product-card__eyebrow">{product.subcategory_name}</p>
      <h3 id={`product-${product.id}-name`} className="product-card__name">
        {product.name}
      </h3>
      <p className="product-card__description">{product.description}</p>
      <ProductSpecs specs={product.config_products} className="product-card__specs" />
      <div className="product-card__footer">
        <p className="product-card__price">
          <span className="product-card__amount">{money(price.netCents)}</span>{' '}
          <span className="product-card__period">
            {pricePeriod(t, months)} · {t('shop.exclTax')}
          </span>
          <span className="price-incl product-card__incl">{t('price.inclTax', { amount: money(price.grossCents) })}</span>
        </p>
        <p id={stockId} className={`stock stock--${level}`}>
          {t(`shop.stock.${level}`)}
        </p>
        <DeliveryPromiseNote delivery={deliveryOf(product)} />
        {options && <ProductChoicePicker id={`product-${product.id}-choice`} options={options} value={choice} onChange={setChoice} />}
        <button
          type="button"
          className="button button--primary button--block product-card__add"
          disabled={level === 'out'}
          aria-describedby={stockId}
          onClick={() => onAdd(product, choice)}
        >
          {t('shop.add')}
        </button>
      </div>
    </article>
  );
}
