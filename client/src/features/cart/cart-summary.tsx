import { useTranslation } from 'react-i18next';
import { cartTotals, formatMoney } from '../../../../shared/money/cart-totals';
import type { VatStatusDto } from '../../../../shared/schemas/vat';
import type { VatSubtotal } from '../../../../shared/tax/vat-amounts';
import type { CartLine } from '../../app/cart/cart-line';
import { useLanguage } from '../../ui/use-language';
import { regionNameOf } from '../../ui/intl-names';

/**
 * Totals before tax, tax and with tax: the shared cart maths (spec §9), at the first line's rate
 * unless the customer's VAT treatment says otherwise (EU reverse charge, another member state's
 * rate under OSS, no EU VAT outside the EU), as the server will; one VAT row per rate.
 */
export function CartSummary({ lines, vat = null }: { lines: readonly CartLine[]; vat?: VatStatusDto | null }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const totals = cartTotals(lines, { taxRate: vat?.taxRate, category: vat?.category });
  const currency = lines[0]?.currency ?? 'EUR';
  const money = (cents: number) => formatMoney(cents, currency, lng);
  const country = vat?.taxCountry ? regionNameOf(vat.taxCountry, lng) : null;
  const label = (row: VatSubtotal) => {
    const rate = new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(row.rate);
    if (vat?.scheme === 'reverse_charge') return t('cart.taxReverseCharge');
    if (vat?.scheme === 'outside_scope') return t('cart.taxOutsideScope');
    if (vat?.scheme === 'oss' && country) return t('cart.taxOss', { rate, country });
    return t('cart.tax', { rate });
  };
  // An empty cart still names the rate it would charge.
  const rows: VatSubtotal[] = totals.vat.length ? totals.vat : [{ category: 'S', rate: totals.taxRate, baseCents: 0, taxCents: 0 }];

  return (
    <>
      <dl className="cart-totals">
        <div className="cart-totals__row">
          <dt>{t('cart.subtotal')}</dt>
          <dd>{money(totals.subtotalCents)}</dd>
        </div>
        {rows.map((row) => (
          <div key={`${row.category}:${row.rate}`} className="cart-totals__row">
            <dt>{label(row)}</dt>
            <dd>{money(row.taxCents)}</dd>
          </div>
        ))}
        <div className="cart-totals__row cart-totals__row--total">
          <dt>{t('cart.total')}</dt>
          <dd>{money(totals.totalCents)}</dd>
        </div>
      </dl>
      <VatNote vat={vat} country={country} />
    </>
  );
}

/** One line on why the VAT is what it is: a checked (or uncheckable) number, another state's VAT, none outside the EU. */
function VatNote({ vat, country }: { vat: VatStatusDto | null; country: string | null }) {
  const { t } = useTranslation();
  if (!vat) return null;
  if (vat.scheme === 'oss' && country) return <p className="cart-totals__vat cart-totals__vat--oss">{t('cart.vat.oss', { country })}</p>;
  if (vat.scheme === 'outside_scope') return <p className="cart-totals__vat cart-totals__vat--outside">{t('cart.vat.outsideScope')}</p>;
  if (!vat.vatNumber) return null;
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
