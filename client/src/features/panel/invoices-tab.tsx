import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';
import { InvoiceTable } from './invoice-table';
import { useCustomerOrders } from './use-customer-orders';
import { useInvoiceDownload } from './use-invoice-download';
import { useInvoicePayment } from './use-invoice-payment';

/** 'Mes Factures': the customer's orders, refreshed every 10 s; each PDF downloads, unpaid ones can be paid. */
export function InvoicesTab() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { state, retry } = useCustomerOrders();
  const { payingId, pay } = useInvoicePayment();
  const { downloading, download } = useInvoiceDownload();

  if (state.status === 'loading') {
    return (
      <p className="status-line panel-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('panel.invoices.loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="panel-failed">
        <FormAlert tone="error">{t('panel.invoices.errorload')}</FormAlert>
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('panel.invoices.retry')}
        </button>
      </div>
    );
  }
  if (state.data.length === 0) {
    return (
      <div className="panel-empty">
        <h2 className="panel-empty__title">{t('panel.invoices.emptyTitle')}</h2>
        <p className="panel-empty__text">{t('panel.invoices.empty')}</p>
        <Link className="button button--primary" to={`/${lng}/boutique`}>
          {t('panel.invoices.shopLink')}
        </Link>
      </div>
    );
  }
  return (
    <>
      {state.stale && (
        <p className="panel-stale" role="status">
          {t('panel.invoices.refreshFailed')}
        </p>
      )}
      <InvoiceTable
        orders={state.data}
        payingId={payingId}
        onPay={(orderId) => void pay(orderId)}
        downloading={downloading}
        onDownload={(orderId) => void download(orderId)}
      />
    </>
  );
}
