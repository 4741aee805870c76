import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../shared/schemas/product';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { customerPrice } from '../../../../shared/money/customer-price';
import type { VatStatusDto } from '../../../../shared/schemas/vat';
import { deliveryOf } from '../../api/product-delivery';
import { DeliveryPromiseNote } from '../../ui/delivery-promise';
import { ProductImage } from '../../ui/product-image';
import { billingMonthsOf, pricePeriod } from '../../ui/price-period';
import { useLanguage } from '../../ui/use-language';
import { keySpecs } from './offers';
import '../../styles/pricing-carousel.css';

/** Spec §2, §9: three cards at once. */
export const VISIBLE_CARDS = 3;

/**
 * Three offers at once from a start index; previous and next move by one and wrap around at
 * both ends. The visible range is announced politely.
 */
export function PricingCarousel({ offers, vat = null }: { offers: readonly Product[]; vat?: VatStatusDto | null }) {
  const { t } = useTranslation();
  const [start, setStart] = useState(0);
  const total = offers.length;
  const shown = Math.min(VISIBLE_CARDS, total);
  const positions = Array.from({ length: shown }, (_, i) => (start + i) % total);
  const movable = total > VISIBLE_CARDS;

  const previous = () => setStart((index) => (index - 1 + total) % total);
  const next = () => setStart((index) => (index + 1) % total);

  return (
    <div
      className="carousel"
      role="group"
      aria-roledescription={t('hosting.pricing.roleDescription')}
      aria-label={t('hosting.pricing.carouselLabel')}
    >
      <div className="carousel__frame">
        {movable && (
          <button
            type="button"
            className="carousel__arrow carousel__arrow--previous"
            aria-label={t('hosting.pricing.previous')}
            onClick={previous}
          >
            <ArrowIcon direction="left" />
          </button>
        )}
        <ul className="carousel__track">
          {positions.map((position) => (
            <li key={offers[position]!.id} className="carousel__slot">
              <OfferCard product={offers[position]!} vat={vat} />
            </li>
          ))}
        </ul>
        {movable && (
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label={t('hosting.pricing.next')} onClick={next}>
            <ArrowIcon direction="right" />
          </button>
        )}
      </div>
      <p className="carousel__status" aria-live="polite" aria-atomic="true">
        {t('hosting.pricing.visible', { positions: positions.map((p) => p + 1).join(', '), total })}
      </p>
    </div>
  );
}

function OfferCard({ product, vat }: { product: Product; vat: VatStatusDto | null }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const specs = keySpecs(product);
  const category = product.category_name;
  const price = customerPrice(product, { taxRate: vat?.taxRate, category: vat?.category });
  const money = (cents: number) => formatMoney(cents, product.currency || 'EUR', lng);

  return (
    <article className="offer" aria-labelledby={`offer-${product.id}`}>
      <ProductImage src={product.image_url} className="offer__image" />
      <p className="offer__category">{category}</p>
      <h3 id={`offer-${product.id}`} className="offer__name">
        {product.name}
      </h3>
      {specs.length > 0 && (
        <dl className="offer__specs">
          {specs.map((spec) => (
            <div key={spec.key} className="offer__spec">
              <dt>{t(`hosting.pricing.specs.${spec.key}`)}</dt>
              <dd>{spec.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="offer__price">
        <span className="offer__amount">{money(price.netCents)}</span>
        <span className="offer__period">
          {pricePeriod(t, billingMonthsOf(product))} · {t('shop.exclTax')}
        </span>
      </p>
      <p className="price-incl offer__incl">{t('price.inclTax', { amount: money(price.grossCents) })}</p>
      <DeliveryPromiseNote delivery={deliveryOf(product)} className="offer__delivery" />
      <Link className="button button--primary offer__link" to={`/${lng}/boutique?category=${encodeURIComponent(product.category_key)}`}>
        {t('hosting.pricing.seeCategory', { category })}
      </Link>
    </article>
  );
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'm14.5 6-6 6 6 6' : 'm9.5 6 6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
