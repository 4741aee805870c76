import type { CustomerTicket } from '../../../shared/schemas/support';
import type { TicketRow } from './tickets.repo';

/** A ticket as its owner sees it: no agent, no stored name or e-mail. */
export function presentCustomerTicket(row: TicketRow): CustomerTicket {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}
