import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffTicketDto } from '../../../../../shared/schemas/staff/tickets';
import { useLanguage } from '../../../ui/use-language';
import { formatDateTime } from '../staff-format';
import { TicketReplyForm } from './ticket-reply-form';
import { TicketStatusBadge } from './ticket-status-badge';

interface Props {
  ticket: StaffTicketDto;
  onBack: () => void;
  onUpdated: (ticket: StaffTicketDto) => void;
}

/** One ticket: the customer's message, the team's replies, and the answer form while it is open. */
export function TicketDetail({ ticket, onBack, onUpdated }: Props) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the list: the focus follows to the ticket.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="staff-panel ticket-detail" aria-labelledby="staff-ticket-title">
      <button type="button" className="button button--secondary button--small ticket-detail__back" onClick={onBack}>
        {t('staff.tickets.detail.back')}
      </button>
      <h1 id="staff-ticket-title" className="staff-panel__title" tabIndex={-1} ref={heading}>
        {t('staff.tickets.detail.title', { id: ticket.id, subject: ticket.subject })}
      </h1>
      <div className="ticket-detail__meta">
        <TicketStatusBadge status={ticket.status} />
        <span>
          {t('staff.tickets.detail.from', { name: ticket.user, email: ticket.email, date: formatDateTime(ticket.createdAt, lng) })}
        </span>
      </div>
      <p className="ticket-message">{ticket.message}</p>

      <h2 className="staff-panel__subtitle">{t('staff.tickets.detail.replies')}</h2>
      {ticket.replies.length === 0 ? (
        <p className="staff-state">{t('staff.tickets.detail.noReplies')}</p>
      ) : (
        <ol className="ticket-replies">
          {ticket.replies.map((reply) => (
            <li key={reply.id} className="ticket-reply">
              <p className="ticket-reply__by">
                {t('staff.tickets.detail.replyBy', { name: reply.author_name, date: formatDateTime(reply.created_at, lng) })}
              </p>
              <p className="ticket-message">{reply.message}</p>
            </li>
          ))}
        </ol>
      )}
      {ticket.status !== 'closed' && <TicketReplyForm ticketId={ticket.id} onUpdated={onUpdated} />}
    </section>
  );
}
