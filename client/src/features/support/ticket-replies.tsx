import { useTranslation } from 'react-i18next';
import type { CustomerTicket, CustomerTicketReply } from '../../../../shared/schemas/support';
import { useLanguage } from '../../ui/use-language';

/** Statuses where the customer is still waiting for a first answer. */
const WAITING: readonly CustomerTicket['status'][] = ['open', 'in_progress'];

/**
 * The staff answers under a ticket, oldest first: who (the agent's first name, or the team),
 * when, and the full text. Without any answer yet, an open ticket says the team will reply.
 */
export function TicketReplies({ ticket }: { ticket: CustomerTicket }) {
  const { t } = useTranslation();
  if (ticket.replies.length === 0) {
    return WAITING.includes(ticket.status) ? <p className="ticket__waiting">{t('support.awaitingReply')}</p> : null;
  }
  return (
    <section className="ticket__replies" aria-label={t('support.repliesTitle')}>
      {ticket.replies.map((reply) => (
        <TicketReply key={reply.id} reply={reply} />
      ))}
    </section>
  );
}

function TicketReply({ reply }: { reply: CustomerTicketReply }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const date = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(reply.createdAt));
  const author = reply.author ? t('support.replyFrom', { name: reply.author }) : t('support.replyFromTeam');
  return (
    <article className="ticket-reply">
      <p className="ticket-reply__meta">
        <strong className="ticket-reply__author">{author}</strong>{' '}
        <time dateTime={reply.createdAt}>{t('support.repliedOn', { date })}</time>
      </p>
      <p className="ticket-reply__message">{reply.message}</p>
    </article>
  );
}
