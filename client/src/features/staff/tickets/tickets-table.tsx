import { useTranslation } from 'react-i18next';
import type { StaffTicketDto } from '../../../../../shared/schemas/staff/tickets';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { TicketStatusBadge } from './ticket-status-badge';

/** ID, Utilisateur, Message, Status, Date (spec §2 "Support tickets page"); the subject opens the ticket. */
export function TicketsTable({ tickets, onOpen }: { tickets: readonly StaffTicketDto[]; onOpen: (ticketId: number) => void }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <table className="staff-table">
      <caption className="visually-hidden">{t('staff.tickets.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.tickets.id')}</th>
          <th scope="col">{t('staff.tickets.user')}</th>
          <th scope="col">{t('staff.tickets.message')}</th>
          <th scope="col">{t('staff.tickets.status')}</th>
          <th scope="col">{t('staff.tickets.date')}</th>
        </tr>
      </thead>
      <tbody>
        {tickets.map((ticket) => (
          <tr key={ticket.id} className="staff-row">
            <th scope="row" data-label={t('staff.tickets.id')}>
              #{ticket.id}
            </th>
            <td data-label={t('staff.tickets.user')} className="staff-row__wrap">
              <span className="staff-row__stack">
                <span className="staff-row__primary">{ticket.user}</span>
                <span className="staff-row__secondary">{ticket.email}</span>
              </span>
            </td>
            <td data-label={t('staff.tickets.message')} className="staff-row__wrap staff-row__block">
              <button type="button" className="ticket-link" onClick={() => onOpen(ticket.id)}>
                {ticket.subject}
              </button>
              <span className="staff-row__message staff-row__secondary">{ticket.message}</span>
            </td>
            <td data-label={t('staff.tickets.status')}>
              <TicketStatusBadge status={ticket.status} />
            </td>
            <td data-label={t('staff.tickets.date')} className="staff-row__nowrap">
              <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt, lng)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
