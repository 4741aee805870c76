import type { CustomerTicket, CustomerTicketReply } from '../../../shared/schemas/support';
import type { ReplyRow } from './ticket-replies.repo';
import type { TicketRow } from './tickets.repo';

/** The agent as a customer sees them: the first name only, never their account or e-mail. */
export function firstName(fullName: string | null): string | null {
  const first = fullName?.trim().split(/\s+/)[0];
  return first ? first : null;
}

export function presentCustomerReply(row: ReplyRow): CustomerTicketReply {
  return { id: row.id, author: firstName(row.author_full_name), message: row.message, createdAt: row.created_at.toISOString() };
}

/** A ticket as its owner sees it: no agent account, no stored name or e-mail. */
export function presentCustomerTicket(row: TicketRow, replies: readonly ReplyRow[] = []): CustomerTicket {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    replies: replies.map(presentCustomerReply),
  };
}
