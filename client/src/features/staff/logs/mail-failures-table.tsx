import { useTranslation } from 'react-i18next';
import type { MailFailureDto } from '../../../../../shared/schemas/mail-failures';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';

interface Props {
  mails: readonly MailFailureDto[];
  /** The mail being sent again (its button waits). */
  sending: number | null;
  onResend: (mail: MailFailureDto) => void;
}

/** Créé le, Destinataire, Mail, Langue, Essais, Dernière erreur, État, Action: a table from 768 px, cards below (staff.css). */
export function MailFailuresTable({ mails, sending, onResend }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const label = (key: string) => t(`staff.logs.mails.${key}`);
  return (
    <table className="staff-table staff-mail-failures">
      <caption className="visually-hidden">{label('caption')}</caption>
      <thead>
        <tr>
          {['created', 'to', 'mail', 'attempts', 'error', 'state', 'actions'].map((key) => (
            <th key={key} scope="col">
              {label(key)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          <tr key={mail.id} className="staff-row">
            <td data-label={label('created')} className="staff-row__nowrap">
              <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt, lng)}</time>
            </td>
            <td data-label={label('to')} className="staff-row__wrap">
              {mail.to}
            </td>
            <td data-label={label('mail')} className="staff-row__wrap">
              <span className="staff-row__stack">
                <span className="staff-row__primary">{mail.subject}</span>
                {/* The language rides with the template: one column less keeps the table in the page at 1280 px. */}
                <span className="staff-row__secondary staff-row__mono">
                  {mail.template} · {mail.language.toUpperCase()}
                </span>
              </span>
            </td>
            <td data-label={label('attempts')}>{mail.attempts}</td>
            <td data-label={label('error')} className="staff-row__wrap staff-mail-failures__error">
              {mail.lastError ?? '—'}
            </td>
            <td data-label={label('state')} className="staff-row__wrap">
              {mail.status === 'failed' || !mail.nextAttemptAt ? (
                <strong>{label('failed')}</strong>
              ) : (
                t('staff.logs.mails.retryAt', { date: formatDateTime(mail.nextAttemptAt, lng) })
              )}
            </td>
            <td data-label={label('actions')} className="staff-row__actions">
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={t('staff.logs.mails.resendLabel', { to: mail.to })}
                disabled={sending !== null}
                aria-busy={sending === mail.id || undefined}
                onClick={() => onResend(mail)}
              >
                {sending === mail.id ? label('resending') : label('resend')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
