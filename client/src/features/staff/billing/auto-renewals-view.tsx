import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { useAutoRenewals } from './api/get-auto-renewals';
import '../../../styles/staff-einvoices.css';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

/**
 * Billing, "Renouvellements auto": the renewal invoices due around today, which the shop will
 * charge on its own (wallet or saved method, its next try) and every attempt with its outcome;
 * 50 a page, 'Charger plus' for the next.
 */
export function AutoRenewalsView() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { state, loadingMore, loadMore, reload } = useAutoRenewals();
  const label = (key: string) => t(`staff.autoRenewals.columns.${key}`);
  const date = (iso: string) => (
    <time className="staff-row__nowrap" dateTime={iso}>
      {formatDateTime(iso, lng)}
    </time>
  );

  return (
    <section className="einvoices" aria-labelledby="staff-auto-renewals-title">
      <h2 id="staff-auto-renewals-title" className="einvoices__title">
        {t('staff.autoRenewals.title')}
      </h2>
      <p className="einvoices__intro">{t('staff.autoRenewals.intro')}</p>
      <ListState
        state={state}
        loading={t('staff.autoRenewals.loading')}
        failed={t('staff.autoRenewals.errorload')}
        retry={{ label: t('staff.retry'), onRetry: () => void reload() }}
        isEmpty={(ready) => ready.items.length === 0}
        empty={t('staff.autoRenewals.empty')}
      >
        {(ready) => (
          <>
            <table className="staff-table einvoices-table">
              <caption className="visually-hidden">{t('staff.autoRenewals.title')}</caption>
              <thead>
                <tr>
                  {['invoice', 'client', 'due', 'charge', 'attempts'].map((key) => (
                    <th key={key} scope="col">
                      {label(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ready.items.map((r) => (
                  <tr key={r.order_id} className="staff-row">
                    <td data-label={label('invoice')} className="staff-row__id">
                      <span className="staff-row__stack">
                        <span className="staff-row__primary">#{r.order_id}</span>
                        <span className="staff-row__secondary">{formatMoney(r.total_cents, r.currency, lng)}</span>
                        <span className="staff-row__secondary">
                          {t(`staff.autoRenewals.orderStatus.${r.order_status}`, r.order_status)}
                        </span>
                      </span>
                    </td>
                    <td data-label={label('client')} className="staff-row__wrap">
                      <span className="staff-row__stack">
                        <span className="staff-row__primary">{r.customer_email}</span>
                        <span className="staff-row__secondary">{r.service_name}</span>
                      </span>
                    </td>
                    <td data-label={label('due')}>{date(r.due_at)}</td>
                    <td data-label={label('charge')} className="staff-row__wrap">
                      <span className="staff-row__stack">
                        <span className="staff-row__primary">
                          {r.charge_from === 'paid'
                            ? t('staff.autoRenewals.from.paid')
                            : !r.auto_renew
                              ? t('staff.autoRenewals.off')
                              : t(`staff.autoRenewals.from.${r.charge_from}`, { method: r.method ?? '' })}
                        </span>
                        {r.next_charge_at && (
                          <span className="staff-row__secondary">
                            {t('staff.autoRenewals.next')} {date(r.next_charge_at)}
                          </span>
                        )}
                      </span>
                    </td>
                    <td data-label={label('attempts')} className="staff-row__wrap">
                      {r.attempts.length === 0 ? (
                        <span className="staff-row__secondary">{t('staff.autoRenewals.noAttempt')}</span>
                      ) : (
                        <ul className="staff-row__stack auto-renewal-attempts">
                          {r.attempts.map((a) => (
                            <li key={a.slot} className="staff-row__secondary">
                              {t(`staff.autoRenewals.slots.${a.slot}`)} · {t(`staff.autoRenewals.sources.${a.source}`)} ·{' '}
                              <strong>{t(`staff.autoRenewals.status.${a.status}`)}</strong>
                              {a.failure_code && ` (${a.failure_code})`} · {date(a.at)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {ready.hasMore && (
              <StaffLoadMore
                loading={loadingMore}
                onClick={loadMore}
                label={t('staff.billing.loadMore')}
                loadingLabel={t('staff.billing.loadingMore')}
              />
            )}
          </>
        )}
      </ListState>
    </section>
  );
}
