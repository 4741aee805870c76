import { useTranslation } from 'react-i18next';
import { cartTotals, formatMoney } from '../../../../shared/money/cart-totals';
import type { CartLine } from '../../app/cart/cart-line';
import { useLanguage } from '../../ui/use-language';

/** Totals before tax, tax at the first line's rate, and with tax: the shared cart maths (spec §9). */
export function CartSummary({ lines }: { lines: readonly CartLine[] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const totals = cartTotals(lines);
  const currency = lines[0]?.currency ?? 'EUR';
  const money = (cents: number) => formatMoney(cents, currency, lng);
  const rate = new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(totals.taxRate);

  return (
    <dl className="cart-totals">
      <div className="cart-totals__row">
        <dt>{t('cart.subtotal')}</dt>
        <dd>{money(totals.subtotalCents)}</dd>
      </div>
      <div className="cart-totals__row">
        <dt>{t('cart.tax', { rate })}</dt>
        <dd>{money(totals.taxCents)}</dd>
      </div>
      <div className="cart-totals__row cart-totals__row--total">
        <dt>{t('cart.total')}</dt>
        <dd>{money(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
