import { useTranslation } from 'react-i18next';
import type { EinvoiceDeliveryDto } from '../../../../../shared/schemas/einvoice-deliveries';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';

interface Props {
  delivery: EinvoiceDeliveryDto;
  /** The row whose resend is running (its button waits), if any: one at a time. */
  sending: number | null;
  onResend: (delivery: EinvoiceDeliveryDto) => void;
}

/** One delivery: Document, Client, Statut (with its tries), Détail (reason, broken rules, history), Dates, Action. */
export function EinvoiceDeliveryRow({ delivery, sending, onResend }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const label = (key: string) => t(`staff.einvoices.columns.${key}`);
  const when = (key: string, iso: string | null) =>
    iso && (
      <span className="staff-row__secondary">
        {t(`staff.einvoices.dates.${key}`)}{' '}
        <time className="staff-row__nowrap" dateTime={iso}>
          {formatDateTime(iso, lng)}
        </time>
      </span>
    );
  const idCell = `einvoice-${delivery.id}`;
  return (
    <tr className="staff-row">
      <td id={idCell} data-label={label('document')} className="staff-row__id">
        <span className="staff-row__stack">
          <span className="staff-row__primary">{delivery.document_number}</span>
          <span className="staff-row__secondary">{t(`staff.einvoices.kinds.${delivery.document_kind}`)}</span>
        </span>
      </td>
      <td data-label={label('client')} className="staff-row__wrap">
        <span className="staff-row__stack">
          <span className="staff-row__primary">{delivery.customer_name || delivery.customer_email}</span>
          <span className="staff-row__secondary">{delivery.customer_email}</span>
          <span className="staff-row__secondary staff-row__mono">{t('staff.einvoices.recipient', { id: delivery.recipient })}</span>
        </span>
      </td>
      <td data-label={label('status')}>
        <span className="staff-row__stack">
          <span className={`staff-status einvoice-status--${delivery.status}`}>{t(`staff.einvoices.status.${delivery.status}`)}</span>
          {delivery.access_point && (
            <span className="staff-row__secondary">{t('staff.einvoices.via', { accessPoint: delivery.access_point })}</span>
          )}
          <span className="staff-row__secondary">{t('staff.einvoices.attempts', { count: delivery.attempts })}</span>
        </span>
      </td>
      <td data-label={label('detail')} className="staff-row__block staff-row__wrap einvoice-detail">
        <EinvoiceDetail delivery={delivery} />
      </td>
      <td data-label={label('dates')} className="einvoice-dates">
        <span className="staff-row__stack">
          {when('queued', delivery.queued_at)}
          {when('sent', delivery.sent_at)}
          {when('delivered', delivery.delivered_at)}
          {when('next', delivery.next_attempt_at)}
        </span>
      </td>
      {/* Nothing to do: the cell stays empty (and a phone card hides it). */}
      <td data-label={label('actions')} className="staff-row__actions">
        {delivery.can_resend && (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t('staff.einvoices.resendLabel', { number: delivery.document_number })}
            disabled={sending !== null}
            aria-busy={sending === delivery.id || undefined}
            onClick={() => onResend(delivery)}
          >
            {sending === delivery.id ? t('staff.einvoices.resending') : t('staff.einvoices.resend')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** Why it stands where it stands: the refusal, the last error, the broken rules; then its history. */
function EinvoiceDetail({ delivery }: { delivery: EinvoiceDeliveryDto }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const reason = delivery.rejection_reason ?? delivery.last_error;
  return (
    <span className="staff-row__stack">
      {reason && <span className="einvoice-detail__reason">{reason}</span>}
      {delivery.validation_errors.length > 0 && (
        <>
          <span>{t('staff.einvoices.validationErrors')}</span>
          <ul className="einvoice-detail__rules">
            {delivery.validation_errors.map((error) => (
              <li key={`${error.rule}-${error.message}`}>
                <strong>{error.rule}</strong> {error.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {!reason && delivery.validation_errors.length === 0 && <span className="staff-row__muted">{t('staff.einvoices.none')}</span>}
      {delivery.events.length > 0 && (
        <details className="einvoice-detail__history">
          <summary>{t('staff.einvoices.history', { count: delivery.events.length })}</summary>
          <ol>
            {delivery.events.map((event, index) => (
              <li key={index}>
                <time dateTime={event.at}>{formatDateTime(event.at, lng)}</time> · {t(`staff.einvoices.status.${event.status}`)}
                {event.actor_name && ` · ${t('staff.einvoices.by', { name: event.actor_name })}`}
                {event.detail && <span className="einvoice-detail__event">{event.detail}</span>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </span>
  );
}
