import { useTranslation } from 'react-i18next';
import type { CustomerTicket } from '../../../../shared/schemas/support';
import { FormAlert } from '../../ui/form-alert';
import { useLanguage } from '../../ui/use-language';
import { TicketReplies } from './ticket-replies';
import type { TicketsState } from './api/get-tickets';

const EXCERPT_LENGTH = 220;

/** 'Mes tickets': subject, status, number and date, the start of the message, and the staff answers. */
export function TicketList({ state, onRetry }: { state: TicketsState; onRetry: () => void }) {
  const { t } = useTranslation();

  if (state.status === 'loading') {
    return (
      <p className="status-line" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('support.loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <>
        <FormAlert tone="error">{t('support.errorload')}</FormAlert>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('support.retry')}
        </button>
      </>
    );
  }
  if (state.tickets.length === 0) return <p className="support-empty">{t('support.empty')}</p>;
  return (
    <ul className="ticket-list">
      {state.tickets.map((ticket) => (
        <TicketItem key={ticket.id} ticket={ticket} />
      ))}
    </ul>
  );
}

function TicketItem({ ticket }: { ticket: CustomerTicket }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const date = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(ticket.createdAt));
  const excerpt = ticket.message.length > EXCERPT_LENGTH ? `${ticket.message.slice(0, EXCERPT_LENGTH).trimEnd()}…` : ticket.message;

  return (
    <li className="ticket">
      <div className="ticket__head">
        <h3 className="ticket__subject">{ticket.subject}</h3>
        <span className={`ticket-status ticket-status--${ticket.status}`}>{t(`support.status.${ticket.status}`)}</span>
      </div>
      <p className="ticket__meta">
        {t('support.ticketNumber', { id: ticket.id })}
        {' · '}
        <time dateTime={ticket.createdAt}>{t('support.openedOn', { date })}</time>
      </p>
      <p className="ticket__excerpt">{excerpt}</p>
      <TicketReplies ticket={ticket} />
    </li>
  );
}
