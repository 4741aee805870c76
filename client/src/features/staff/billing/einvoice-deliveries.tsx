import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EINVOICE_STATUS_FILTERS,
  type EinvoiceDeliveryDto,
  type EinvoiceStatusFilter,
} from '../../../../../shared/schemas/einvoice-deliveries';
import { ApiError } from '../../../api/client';
import { FormAlert } from '../../../ui/form-alert';
import { EinvoiceDeliveryRow } from './einvoice-delivery-row';
import { useEinvoiceDeliveries } from './api/get-einvoice-deliveries';
import '../../../styles/staff-einvoices.css';
import { StaffLoadMore } from '../staff-load-more';
import { ListState } from '../../../ui/list-state';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The refusals the section explains; anything else gets the generic text. */
const KNOWN_ERRORS = ['einvoice_not_resendable', 'einvoice_still_invalid', 'not_found'];

/**
 * Billing, "E-factures Peppol": the invoices and credit notes sent to Belgian VAT-registered
 * buyers through the access point, where each one stands, and 'Renvoyer' for the refused ones.
 */
export function EinvoiceDeliveries() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<EinvoiceStatusFilter>('all');
  const { state, loadingMore, loadMore, reload, resend } = useEinvoiceDeliveries(status);
  const [sending, setSending] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onResend(delivery: EinvoiceDeliveryDto) {
    setSending(delivery.id);
    setOutcome(null);
    try {
      await resend(delivery);
      setOutcome({ tone: 'success', text: t('staff.einvoices.resent', { number: delivery.document_number }) });
    } catch (error) {
      // 401: the staff token expired and the password screen is back; nothing to say here.
      if (error instanceof ApiError && error.status === 401) return;
      const code = error instanceof ApiError && KNOWN_ERRORS.includes(error.error) ? error.error : 'generic';
      setOutcome({ tone: 'error', text: t(`staff.einvoices.errors.${code}`, { number: delivery.document_number }) });
      void reload();
    } finally {
      setSending(null);
    }
  }

  return (
    <section className="einvoices" aria-labelledby="staff-einvoices-title">
      <h2 id="staff-einvoices-title" className="einvoices__title">
        {t('staff.einvoices.title')}
      </h2>
      <p className="einvoices__intro">{t('staff.einvoices.intro')}</p>
      <div className="field einvoices__filter">
        <label className="field__label" htmlFor="einvoices-status">
          {t('staff.einvoices.filterLabel')}
        </label>
        <select
          id="einvoices-status"
          className="input"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as EinvoiceStatusFilter);
            setOutcome(null);
          }}
        >
          {EINVOICE_STATUS_FILTERS.map((name) => (
            <option key={name} value={name}>
              {t(`staff.einvoices.filters.${name}`)}
            </option>
          ))}
        </select>
      </div>
      {outcome && <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert>}
      <ListState
        state={state}
        loading={t('staff.einvoices.loading')}
        failed={t('staff.einvoices.errorload')}
        retry={{ label: t('staff.retry'), onRetry: () => void reload() }}
        isEmpty={(ready) => ready.items.length === 0}
        empty={t('staff.einvoices.empty')}
      >
        {(ready) => (
          <>
            <table className="staff-table einvoices-table">
              <caption className="visually-hidden">{t('staff.einvoices.caption')}</caption>
              <thead>
                <tr>
                  {['document', 'client', 'status', 'detail', 'dates', 'actions'].map((key) => (
                    <th key={key} scope="col">
                      {t(`staff.einvoices.columns.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {ready.items.map((delivery) => (
                  <EinvoiceDeliveryRow key={delivery.id} delivery={delivery} sending={sending} onResend={(d) => void onResend(d)} />
                ))}
              </tbody>
            </table>
            {ready.hasMore && (
              <StaffLoadMore
                loading={loadingMore}
                onClick={loadMore}
                label={t('staff.einvoices.loadMore')}
                loadingLabel={t('staff.einvoices.loadingMore')}
              />
            )}
          </>
        )}
      </ListState>
    </section>
  );
}
