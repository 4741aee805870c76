import { useTranslation } from 'react-i18next';
import type { AuditLogEntryDto } from '../../../../../shared/schemas/staff/logs';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { auditChangeLines } from './audit-change';

/** Date, Qui, Action, Objet, Avant → Après: a table from 768 px, one card per entry below (staff.css). */
export function LogsTable({ entries }: { entries: readonly AuditLogEntryDto[] }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <table className="staff-table staff-logs">
      <caption className="visually-hidden">{t('staff.logs.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.logs.date')}</th>
          <th scope="col">{t('staff.logs.who')}</th>
          <th scope="col">{t('staff.logs.what')}</th>
          <th scope="col">{t('staff.logs.object')}</th>
          <th scope="col">{t('staff.logs.change')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const lines = auditChangeLines(entry.before, entry.after);
          return (
            <tr key={entry.id} className="staff-row">
              <td data-label={t('staff.logs.date')} className="staff-row__nowrap">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, lng)}</time>
              </td>
              <td data-label={t('staff.logs.who')} className="staff-row__wrap">
                {entry.actor_id === null ? (
                  <span className="staff-row__muted">{t('staff.logs.system')}</span>
                ) : (
                  <span className="staff-row__stack">
                    <span className="staff-row__primary">{entry.actor_name ?? `#${entry.actor_id}`}</span>
                    <span className="staff-row__secondary">{entry.actor_email ?? `#${entry.actor_id}`}</span>
                  </span>
                )}
              </td>
              <td data-label={t('staff.logs.what')} className="staff-row__mono">
                {entry.action}
              </td>
              <td data-label={t('staff.logs.object')}>
                {entry.entity_type} #{entry.entity_id}
              </td>
              <td data-label={t('staff.logs.change')} className="staff-row__wrap">
                {lines.length === 0 ? (
                  <span className="staff-row__muted">{t('staff.logs.noChange')}</span>
                ) : (
                  <ul className="staff-logs__changes">
                    {lines.map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
