import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { useLanguage } from '../../ui/use-language';
import { formatLongDate } from '../../ui/format-long-date';
import { orderLineName } from '../../ui/order-line-name';

/**
 * The paid order: number, product, amount, invoice, and what happens next: a new server comes
 * online (in minutes when delivered automatically, issue 31; at most the terms' 3 to 4 working
 * days when our team makes it) and shows in 'Mes services'; a paid renewal extends the running
 * service until a date. The
 * thank-you sentence above it is the page's, in its live region.
 */
export function OrderConfirmed({ order }: { order: CustomerOrderDto }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const product = order.lines[0] && orderLineName(order.lines[0]);
  const until = order.renewed_until ? formatLongDate(order.renewed_until, lng) : null;

  return (
    <>
      <dl className="payment-return__details">
        <Detail label={t('paymentReturn.details.order')} value={t('paymentReturn.details.orderNumber', { id: order.id })} />
        {product && <Detail label={t('paymentReturn.details.product')} value={product} />}
        <Detail label={t('paymentReturn.details.amount')} value={formatMoney(order.total_cents, order.currency, lng)} />
        {order.invoice_number && <Detail label={t('paymentReturn.details.invoice')} value={order.invoice_number} />}
        {until && <Detail label={t('paymentReturn.details.renewedUntil')} value={until} />}
      </dl>
      {order.invoice_number && order.invoice_peppol_id && (
        <p className="payment-return__peppol">
          {t('paymentReturn.peppol', { number: order.invoice_number, peppolId: order.invoice_peppol_id })}
        </p>
      )}
      <section className="payment-return__next" aria-labelledby="payment-next-title">
        <h2 id="payment-next-title" className="payment-return__next-title">
          {t('paymentReturn.nextTitle')}
        </h2>
        {until ? (
          <>
            <p className="payment-return__renewed">{t('paymentReturn.renewed', { date: until })}</p>
            <p>{t('paymentReturn.renewedNext')}</p>
          </>
        ) : (
          <p>{t('paymentReturn.next')}</p>
        )}
      </section>
      <div className="auth-actions">
        <Link className="button button--primary" to={`/${lng}/PanelCLient?tab=factures`}>
          {t('paymentReturn.invoicesLink')}
        </Link>
        {!until && (
          <Link className="button button--secondary" to={`/${lng}/PanelCLient?tab=services`}>
            {t('paymentReturn.servicesLink')}
          </Link>
        )}
        <Link className="button button--secondary" to={`/${lng}/boutique`}>
          {t('paymentReturn.shopLink')}
        </Link>
      </div>
    </>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="payment-return__detail">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
