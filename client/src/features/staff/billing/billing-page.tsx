import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import type { BillingFilter, BillingOrderDto, RefundOrderDto } from '../../../../../shared/schemas/staff/billing';
import { ApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { useLanguage } from '../../../ui/use-language';
import { useStaffApi } from '../use-staff-api';
import type { RefundDestination } from './billing-actions';
import { billingErrorKey } from './billing-error';
import { BillingFilters } from './billing-filters';
import { BillingViewTabs, billingPanelId, billingTabId, type BillingView } from './billing-view-tabs';
import { DocumentsView } from './documents-view';
import { UnusualPaymentsView } from './unusual-payments-view';
import type { BillingAction } from './billing-row';
import { BillingTable } from './billing-table';
import { AutoRenewalsView } from './auto-renewals-view';
import { EinvoiceDeliveries } from './einvoice-deliveries';
import { RefundForm } from './refund-form';
import { useBillingOrders } from './api/get-billing-orders';
import { useDialogs } from '../../../ui/dialogs/dialog-context';
import '../../../styles/staff-billing.css';
import '../../../styles/staff-logs.css'; // the view tabs

type Outcome = { tone: 'success' | 'error'; text: string } | null;
import { StaffLoadMore } from '../staff-load-more';

/** Category 4 "Facturation" (admin): collect unpaid orders, check announced transfers, refund paid ones. */
export function BillingPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<BillingFilter>('unpaid');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [view, setView] = useState<BillingView>('orders');
  return (
    <section className="staff-panel" aria-labelledby="staff-billing-title">
      <h1 id="staff-billing-title" className="staff-panel__title">
        {t('staff.billing.title')}
      </h1>
      <BillingViewTabs selected={view} onSelect={setView} />
      <div role="tabpanel" id={billingPanelId(view)} aria-labelledby={billingTabId(view)}>
        {view === 'documents' ? (
          <DocumentsView />
        ) : view === 'einvoices' ? (
          <EinvoiceDeliveries />
        ) : view === 'payments' ? (
          <UnusualPaymentsView />
        ) : view === 'renewals' ? (
          <AutoRenewalsView />
        ) : (
          <>
            <BillingFilters
              filter={filter}
              onChange={(next) => {
                setFilter(next);
                setOutcome(null);
              }}
            />
            {outcome && <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert>}
            {/* Keyed by filter: another filter is another list, with its own pages and open form. */}
            <BillingList key={filter} filter={filter} onOutcome={setOutcome} />
          </>
        )}
      </div>
    </section>
  );
}

function BillingList({ filter, onOutcome }: { filter: BillingFilter; onOutcome: (outcome: Outcome) => void }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const lng = useLanguage();
  const api = useStaffApi();
  const { state, loadingMore, loadMore, refresh, retry } = useBillingOrders(filter);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [refundingId, setRefundingId] = useState<number | null>(null);

  const failed = (error: unknown) => {
    // 401: the staff token expired and the password screen is back; nothing to say here.
    if (!(error instanceof ApiError && error.status === 401)) onOutcome({ tone: 'error', text: t(billingErrorKey(error)) });
    void refresh();
  };

  async function run(action: 'markPaid' | 'cancel', order: BillingOrderDto) {
    const amount = formatMoney(order.total_cents, order.currency, lng);
    if (!(await dialogs.confirm(t(`staff.billing.${action}Confirm`, { id: order.id, amount })))) return;
    onOutcome(null);
    setBusyId(order.id);
    try {
      await api.call(action === 'markPaid' ? staffBillingApi.markPaid : staffBillingApi.cancel, {
        params: { id: String(order.id) },
        body: {},
      });
      onOutcome({ tone: 'success', text: t(`staff.billing.${action}Done`, { id: order.id }) });
      await refresh();
    } catch (error) {
      failed(error);
    } finally {
      setBusyId(null);
    }
  }

  function onAction(action: BillingAction, order: BillingOrderDto) {
    if (action === 'refund') {
      onOutcome(null);
      setRefundingId((current) => (current === order.id ? null : order.id));
    } else void run(action, order);
  }

  function refunded(order: BillingOrderDto, amountCents: number, answer: RefundOrderDto, to: RefundDestination) {
    setRefundingId(null);
    const amount = formatMoney(amountCents, order.currency, lng);
    onOutcome({
      tone: 'success',
      text:
        to === 'payment'
          ? t('staff.billing.refundToPaymentDone', { id: order.id, amount })
          : t('staff.billing.refundDone', { id: order.id, amount, wallet: formatMoney(answer.wallet_cents, order.currency, lng) }),
    });
    void refresh();
  }

  if (state.status === 'loading') {
    return (
      <p className="staff-state" role="status">
        <span className="spinner" aria-hidden="true" /> {t('staff.billing.loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="staff-state staff-state--error">
        <p role="alert">{t('staff.billing.errorload')}</p>
        <button type="button" className="button button--secondary button--small" onClick={retry}>
          {t('staff.retry')}
        </button>
      </div>
    );
  }
  if (state.orders.length === 0) return <p className="staff-state">{t(`staff.billing.empty.${filter}`)}</p>;

  const refunding = state.orders.find((order) => order.id === refundingId) ?? null;
  const closeRefund = () => {
    setRefundingId(null);
    // Back to the button that opened the form.
    requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(`[aria-describedby="billing-order-${refunding?.id}"][aria-expanded]`)?.focus(),
    );
  };
  return (
    <>
      {state.stale && (
        <p className="staff-state staff-state--warning" role="status">
          {t('staff.refreshFailed')}
        </p>
      )}
      {/* Issue 34: a paid order not yet delivered must not read as unpaid. */}
      {filter === 'paid' && <p className="billing-legend">{t('staff.billing.paidLegend')}</p>}
      <BillingTable filter={filter} orders={state.orders} busyId={busyId} refundingId={refundingId} onAction={onAction} />
      {state.hasMore && (
        <StaffLoadMore
          loading={loadingMore}
          onClick={loadMore}
          label={t('staff.billing.loadMore')}
          loadingLabel={t('staff.billing.loadingMore')}
        />
      )}
      {refunding && (
        <RefundForm
          key={refunding.id}
          order={refunding}
          onDone={(cents, answer, to) => refunded(refunding, cents, answer, to)}
          onFailed={() => void refresh()}
          onClose={closeRefund}
        />
      )}
    </>
  );
}
