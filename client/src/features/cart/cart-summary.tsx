import { useTranslation } from 'react-i18next';
import { cartTotals, formatMoney } from '../../../../shared/money/cart-totals';
import type { VatStatusDto } from '../../../../shared/schemas/vat';
import type { CartLine } from '../../app/cart/cart-line';
import { useLanguage } from '../../ui/use-language';

/**
 * Totals before tax, tax and with tax: the shared cart maths (spec §9), at the first line's rate
 * unless the customer's VAT treatment says otherwise (EU reverse charge: 0 %), as the server will.
 */
export function CartSummary({ lines, vat = null }: { lines: readonly CartLine[]; vat?: VatStatusDto | null }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const totals = cartTotals(lines, { taxRate: vat?.taxRate });
  const currency = lines[0]?.currency ?? 'EUR';
  const money = (cents: number) => formatMoney(cents, currency, lng);
  const rate = new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(totals.taxRate);

  return (
    <>
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
      <VatNote vat={vat} />
    </>
  );
}

/** One line on why the VAT is what it is, for a business whose number was (or could not be) checked. */
function VatNote({ vat }: { vat: VatStatusDto | null }) {
  const { t } = useTranslation();
  if (!vat?.vatNumber) return null;
  const key =
    vat.scheme === 'reverse_charge'
      ? 'cart.vat.reverseCharge'
      : vat.check === 'pending'
        ? 'cart.vat.pending'
        : vat.check === 'invalid'
          ? 'cart.vat.invalid'
          : null;
  if (!key) return null;
  return <p className={`cart-totals__vat cart-totals__vat--${vat.check}`}>{t(key, { vatNumber: vat.vatNumber })}</p>;
}
