import type { Knex } from 'knex';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../../shared/i18n/languages';
import type { Mailer } from '../../mail/mail.service';
import type { StaffTicketRow } from './staff-tickets.repo';

/**
 * The "we answered your ticket" mail, written in the replying transaction. It carries the answer
 * itself: a visitor's ticket (contact form) has no Support page to read it on. Language: the
 * customer's; a visitor gets French, the shop's default.
 */
export function queueTicketAnsweredMail(
  trx: Knex,
  mailer: Mailer,
  ticket: StaffTicketRow,
  reply: { id: number; message: string },
): Promise<number | null> {
  const language = isLanguage(ticket.user_language) ? ticket.user_language : DEFAULT_LANGUAGE;
  return mailer.queueNotice(
    trx,
    { email: ticket.email, fullName: ticket.user_name, language },
    {
      template: 'ticketAnswered',
      path: 'Support',
      vars: { ticketId: String(ticket.id), subject: ticket.subject, message: reply.message },
      details: [
        ['ticket', `#${ticket.id}`],
        ['subject', ticket.subject],
      ],
      dedupeKey: `ticket-reply-${reply.id}`,
    },
  );
}
