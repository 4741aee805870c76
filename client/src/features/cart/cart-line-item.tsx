import { useTranslation } from 'react-i18next';
import { cartTotals, formatMoney } from '../../../../shared/money/cart-totals';
import { customerPrice } from '../../../../shared/money/customer-price';
import { lineSpecs, MAX_QTY, MIN_QTY, type CartLine } from '../../app/cart/cart-line';
import { DeliveryPromiseNote } from '../../ui/delivery-promise';
import { ProductChoicePicker } from '../../ui/product-choice-picker';
import { ProductImage } from '../../ui/product-image';
import { ProductSpecs } from '../../ui/product-specs';
import { pricePeriod } from '../../ui/price-period';
import { useLanguage } from '../../ui/use-language';

const QUANTITIES = Array.from({ length: MAX_QTY - MIN_QTY + 1 }, (_, i) => MIN_QTY + i);

interface Props {
  line: CartLine;
  onQty: (qty: number) => void;
  /** Another system or game version (issue 31). */
  onChoose: (choiceId: string) => void;
  onRemove: () => void;
}

/** One cart line: name, specs, the system or version chosen, when it runs, unit price, quantity (1 to 10), line total and removal. */
export function CartLineItem({ line, onQty, onChoose, onRemove }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const unitCents = customerPrice(line).netCents;
  const lineCents = cartTotals([line]).subtotalCents;
  const qtyId = `cart-qty-${line.productId}`;

  return (
    <li className="cart-line">
      <div className="cart-line__main">
        <div className="cart-line__head">
          <ProductImage src={line.image_url} className="product-image--thumb" eager />
          <h3 className="cart-line__name">{line.name}</h3>
        </div>
        <ProductSpecs specs={lineSpecs(line)} className="cart-line__specs" />
        {line.options && (
          <ProductChoicePicker
            id={`cart-choice-${line.productId}`}
            options={line.options}
            value={line[line.options.kind]}
            onChange={onChoose}
            className="cart-line__choice"
          />
        )}
        <DeliveryPromiseNote delivery={line.delivery} />
      </div>
      <div className="cart-line__figures">
        <p className="cart-line__figure">
          <span className="cart-line__label">{t('cart.unitPrice')}</span>
          <span>
            {formatMoney(unitCents, line.currency, lng)} {pricePeriod(t, line.billing_months ?? 1)}
          </span>
        </p>
        <div className="cart-line__figure">
          <label className="cart-line__label" htmlFor={qtyId}>
            {t('cart.quantity')}
          </label>
          <select id={qtyId} className="select cart-line__qty" value={line.qty} onChange={(event) => onQty(Number(event.target.value))}>
            {QUANTITIES.map((qty) => (
              <option key={qty} value={qty}>
                {qty}
              </option>
            ))}
          </select>
        </div>
        <p className="cart-line__figure">
          <span className="cart-line__label">{t('cart.lineTotal')}</span>
          <strong>{formatMoney(lineCents, line.currency, lng)}</strong>
        </p>
      </div>
      <button type="button" className="cart-line__remove" onClick={onRemove} aria-label={t('cart.removeLabel', { name: line.name })}>
        {t('cart.remove')}
      </button>
    </li>
  );
}
