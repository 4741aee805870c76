import { z } from 'zod';
import { TICKET_STATUSES } from '../constants';

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
export interface CustomerTicketReply {
  id: number;
  author: string | null;
  message: string;
  createdAt: string;
}

/** A ticket as its owner sees it, with the staff answers oldest first. */
export interface CustomerTicket {
  id: number;
  subject: string;
  message: string;
  status: (typeof TICKET_STATUSES)[number];
  createdAt: string;
  replies: CustomerTicketReply[];
}
