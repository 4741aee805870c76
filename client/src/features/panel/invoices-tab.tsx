import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import type { WalletPaymentDto } from '../../../../shared/schemas/wallet';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';
import { CancelOrderDialog } from './cancel-order-dialog';
import { CreditNotesSection } from './credit-notes-section';
import { InvoiceTable } from './invoice-table';
import { PaymentNoticeAlert } from './payment-notice-alert';
import { useCustomerOrders } from './api/get-orders';
import { useInvoiceDownload } from './use-invoice-download';
import { useInvoicePayment } from './use-invoice-payment';
import { useOrderCancel } from './use-order-cancel';
import { useWallet } from './api/get-wallet';
import { useWalletPayment } from './use-wallet-payment';
import { WalletCard } from './wallet-card';
import { walletCovers } from './wallet-covers';
import { WalletPayDialog } from './wallet-pay-dialog';

/**
 * 'Mes Factures': the wallet balance, then the customer's orders, refreshed every 10 s; each PDF
 * downloads (and an issued invoice's UBL), unpaid ones can be paid by Mollie or, when the balance
 * covers them, from the wallet, and an unpaid order cancelled after a confirm; then the credit notes, if any.
 */
export function InvoicesTab() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { state, retry, replace, hasMore, loadMore, loadingMore, moreFailed } = useCustomerOrders();
  const { state: walletState, refresh: refreshWallet, replace: replaceWallet } = useWallet();
  const { payingId, pay } = useInvoicePayment();
  const { downloading, download } = useInvoiceDownload();
  const [confirming, setConfirming] = useState<CustomerOrderDto | null>(null);
  const onPaid = useCallback(
    ({ order, balance_cents }: WalletPaymentDto) => {
      replace((orders) => orders.map((o) => (o.id === order.id ? order : o)));
      replaceWallet((current) => ({ ...current, balance_cents }));
    },
    [replace, replaceWallet],
  );
  const onSettled = useCallback(() => {
    retry();
    refreshWallet();
  }, [retry, refreshWallet]);
  const walletPayment = useWalletPayment({ onPaid, onSettled });
  const [cancelAsked, setCancelAsked] = useState<CustomerOrderDto | null>(null);
  const onCancelled = useCallback(
    (order: CustomerOrderDto) => replace((orders) => orders.map((o) => (o.id === order.id ? order : o))),
    [replace],
  );
  const orderCancel = useOrderCancel({ onCancelled, onSettled: retry });
  // The latest outcome wins: a payment's or a cancel's.
  const notice = orderCancel.notice ?? walletPayment.notice;
  const walletData = walletState.status === 'ready' ? walletState.data : null;

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
      <WalletCard state={walletState} onRetry={refreshWallet} />
      {notice && <PaymentNoticeAlert notice={notice} />}
      {state.stale && (
        <p className="panel-stale" role="status">
          {t('panel.invoices.refreshFailed')}
        </p>
      )}
      <InvoiceTable
        orders={state.data}
        payingId={payingId}
        onPay={(orderId) => void pay(orderId)}
        walletCovers={(order) => walletCovers(walletData, order)}
        walletPayingId={walletPayment.payingId}
        onPayWithWallet={setConfirming}
        downloading={downloading}
        onDownload={(orderId, format) => void download(orderId, format)}
        cancellingId={orderCancel.cancellingId}
        onCancel={setCancelAsked}
      />
      {moreFailed && <FormAlert tone="error">{t('panel.invoices.loadMoreFailed')}</FormAlert>}
      {hasMore && (
        <div className="panel-load-more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void loadMore()}
            disabled={loadingMore}
            aria-busy={loadingMore}
          >
            {loadingMore && <span className="spinner" aria-hidden="true" />}
            {t('panel.invoices.loadMore')}
          </button>
        </div>
      )}
      <CreditNotesSection />
      {confirming && walletData && (
        <WalletPayDialog
          order={confirming}
          balanceCents={walletData.balance_cents}
          // A refresh may have changed things while the dialog was open: the server checks again anyway.
          onConfirm={() => void walletPayment.pay(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
      {cancelAsked && (
        <CancelOrderDialog
          order={cancelAsked}
          onConfirm={() => void orderCancel.cancel(cancelAsked)}
          onClose={() => setCancelAsked(null)}
        />
      )}
    </>
  );
}
