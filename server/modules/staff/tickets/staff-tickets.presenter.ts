import type { StaffTicketDto } from '../../../../shared/schemas/staff/tickets';
import type { ReplyRow } from '../../tickets/ticket-replies.repo';
import type { StaffTicketRow } from './staff-tickets.repo';

/**
 * A ticket as the back-office lists it, under the spec's names (§3 "Support ticket": id, user,
 * message, status, createdAt), with its subject, the customer's e-mail and the answers.
 */
export function presentStaffTicket(row: StaffTicketRow, replies: readonly ReplyRow[]): StaffTicketDto {
  return {
    id: row.id,
    user: row.user_name,
    message: row.message,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    user_id: row.user_id,
    email: row.email,
    subject: row.subject,
    replies: replies.map((r) => ({
      id: r.id,
      author_name: r.author_full_name ?? '',
      message: r.message,
      created_at: r.created_at.toISOString(),
    })),
  };
}
