import type { StaffTicketDto } from '../../../../shared/schemas/staff';
import type { ReplyRow } from '../../tickets/ticket-replies.repo';
import type { StaffTicketRow } from './staff-tickets.repo';

/** A ticket as the back-office lists it (spec §2 "Support tickets page"), with its answers. */
export function presentStaffTicket(row: StaffTicketRow, replies: readonly ReplyRow[]): StaffTicketDto {
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: row.user_name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    created_at: row.created_at.toISOString(),
    replies: replies.map((r) => ({
      id: r.id,
      author_name: r.author_full_name ?? '',
      message: r.message,
      created_at: r.created_at.toISOString(),
    })),
  };
}
