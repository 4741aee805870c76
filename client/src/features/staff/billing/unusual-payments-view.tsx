import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { useUnusualPayments } from './api/get-unusual-payments';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

const COLUMNS = ['state', 'reference', 'order', 'customer', 'amount', 'date'] as const;

/**
 * Billing's 'Paiements': the payments no order settled as usual, so staff see money taken and not
 * settled (pending at the provider), held, or paid for an order already cancelled or paid and
 * given back automatically, with the provider's reference to look it up there.
 */
export function UnusualPaymentsView() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { state, loadingMore, loadMore, retry } = useUnusualPayments();

  return (
    <>
      <h2 className="billing-documents__title">{t('staff.billing.payments.title')}</h2>
      <p className="billing-documents__intro">{t('staff.billing.payments.intro')}</p>
      <ListState
        state={state}
        loading={t('staff.billing.payments.loading')}
        failed={t('staff.billing.payments.errorload')}
        retry={{ label: t('staff.retry'), onRetry: retry }}
        isEmpty={(ready) => ready.items.length === 0}
        empty={t('staff.billing.payments.empty')}
      >
        {(ready) => (
          <>
            <table className="staff-table billing-table billing-payments">
              <caption className="visually-hidden">{t('staff.billing.payments.caption')}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {t(`staff.billing.payments.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ready.items.map((payment) => (
                  <tr key={payment.key} className="staff-row">
                    <td data-label={t('staff.billing.payments.columns.state')} className="staff-row__id">
                      <span className="staff-row__stack">
                        <span className={`staff-status billing-payment-state--${payment.kind}`}>
                          {t(`staff.billing.payments.states.${payment.kind}`)}
                        </span>
                        {payment.refund && (
                          <span className="staff-row__secondary">{t(`staff.billing.payments.refund.${payment.refund.status}`)}</span>
                        )}
                      </span>
                    </td>
                    <td data-label={t('staff.billing.payments.columns.reference')} className="staff-row__wrap">
                      <span className="staff-row__stack">
                        <span className="staff-row__primary staff-row__mono billing-payments__ref">{payment.providerRef}</span>
                        <span className="staff-row__secondary">{t(`staff.billing.payments.providers.${payment.provider}`)}</span>
                        {payment.refund?.providerRefundId && (
                          <span className="staff-row__secondary staff-row__mono billing-payments__ref">
                            {t('staff.billing.payments.refundRef', { ref: payment.refund.providerRefundId })}
                          </span>
                        )}
                      </span>
                    </td>
                    <td data-label={t('staff.billing.payments.columns.order')}>
                      {payment.orderId === null ? t('staff.billing.none') : `#${payment.orderId}`}
                    </td>
                    <td data-label={t('staff.billing.payments.columns.customer')} className="staff-row__wrap">
                      {payment.customer ? (
                        <span className="staff-row__stack">
                          <span className="staff-row__primary">{payment.customer.name}</span>
                          <span className="staff-row__secondary">{payment.customer.email}</span>
                        </span>
                      ) : (
                        t('staff.billing.none')
                      )}
                    </td>
                    <td data-label={t('staff.billing.payments.columns.amount')} className="staff-amount">
                      {formatMoney(payment.amountCents, payment.currency, lng)}
                    </td>
                    <td data-label={t('staff.billing.payments.columns.date')} className="staff-row__nowrap">
                      <time dateTime={payment.at}>{formatDateTime(payment.at, lng)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {ready.next && (
              <StaffLoadMore
                loading={loadingMore}
                onClick={loadMore}
                label={t('staff.billing.payments.loadMore')}
                loadingLabel={t('staff.billing.payments.loadingMore')}
              />
            )}
          </>
        )}
      </ListState>
    </>
  );
}
