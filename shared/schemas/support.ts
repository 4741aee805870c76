import { z } from 'zod';
import { TICKET_STATUSES } from '../constants';
import { afterCursor, nextCursor, pageLimit } from './paging';

const text = (key: string, max: number) => z.string({ error: key }).trim().min(1, key).max(max, key);

/** POST /api/contact — a visitor or a customer; it opens a support ticket. */
export const contactSchema = z.object({
  name: text('contact.errorname', 120),
  email: z.string({ error: 'contact.erroremail' }).trim().toLowerCase().pipe(z.email('contact.erroremail')),
  subject: text('contact.errorsubject', 200),
  message: text('contact.errormessage', 5000),
});

/** POST /api/tickets — a logged-in customer opens a ticket from the Support page. */
export const newTicketSchema = z.object({
  subject: text('support.errorsubject', 200),
  message: text('support.errormessage', 5000),
});

/** A staff answer as the customer sees it: the agent by first name only (null: no name kept). */
export const customerTicketReplySchema = z.object({
  id: z.number().int().positive(),
  author: z.string().nullable(),
  message: z.string(),
  createdAt: z.iso.datetime(),
});
export type CustomerTicketReply = z.infer<typeof customerTicketReplySchema>;

/** A ticket as its owner sees it, with the staff answers oldest first. */
export const customerTicketSchema = z.object({
  id: z.number().int().positive(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.iso.datetime(),
  replies: z.array(customerTicketReplySchema),
});
export type CustomerTicket = z.infer<typeof customerTicketSchema>;

/** POST /api/contact: the number of the ticket the message opened. */
export const contactResponseSchema = z.object({ ticketId: z.number().int().positive() });

/** GET /api/tickets */
/** GET /api/tickets?after=&limit=: the caller's tickets, newest first, 50 a page. */
export const customerTicketsQuerySchema = z.object({ after: afterCursor, limit: pageLimit(50) });
export const customerTicketsResponseSchema = z.object({ tickets: z.array(customerTicketSchema), next: nextCursor });

/** POST /api/tickets */
export const newTicketResponseSchema = z.object({ ticket: customerTicketSchema });
