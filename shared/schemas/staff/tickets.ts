import { z } from 'zod';
import { afterCursor, nextCursor } from '../paging';
import { isoDate } from './common';

// Category 1 "Support" (spec §2 "Support tickets page", §3 "Support ticket").

/**
 * GET /api/admin/support-tickets -> {tickets}: spec §3 "Support ticket" (id, user, message, status,
 * createdAt; the page's columns ID, Utilisateur, Message, Status, Date), with the ticket's subject,
 * the customer's e-mail and the staff answers (oldest first).
 */
export const staffTicketSchema = z.object({
  id: z.number().int(),
  user: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: isoDate,
  user_id: z.number().int().nullable(),
  email: z.string(),
  subject: z.string(),
  replies: z.array(z.object({ id: z.number().int(), author_name: z.string(), message: z.string(), created_at: isoDate })),
});
export type StaffTicketDto = z.infer<typeof staffTicketSchema>;

/** POST /api/admin/support-tickets/{id}/reply: answers the customer (mail + Support page). */
export const ticketReplySchema = z.object({ message: z.string().trim().min(1).max(5000), close: z.boolean().default(false) });

/** GET /api/admin/support-tickets?after=&limit= (newest first, 100 a page) -> {tickets, limit, next}. */
export const staffTicketsQuerySchema = z.object({
  /** The last ticket shown (the previous page's `next`). */
  after: afterCursor,
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const staffTicketsSchema = z.object({ tickets: z.array(staffTicketSchema), limit: z.number().int(), next: nextCursor });
export type StaffTicketsDto = z.infer<typeof staffTicketsSchema>;

/** POST /api/admin/support-tickets/{id}/reply and /close -> the ticket as the list now shows it. */
export const staffTicketActionSchema = z.object({ ticket: staffTicketSchema });
export type StaffTicketActionDto = z.infer<typeof staffTicketActionSchema>;
