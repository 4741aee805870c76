import {
  contactResponseSchema,
  contactSchema,
  customerTicketsQuerySchema,
  customerTicketsResponseSchema,
  newTicketResponseSchema,
  newTicketSchema,
} from '../schemas/support';
import { endpoint } from './endpoint';

/** The customer side of support: the contact form and the Support page (DESIGN.md §3). */
export const ticketsApi = {
  contact: endpoint({
    method: 'post',
    path: '/api/contact',
    summary: 'A visitor’s or customer’s message becomes an open ticket (5 an hour from one address)',
    tag: 'tickets',
    access: 'optional-session',
    body: contactSchema,
    response: contactResponseSchema,
    status: 201,
  }),
  list: endpoint({
    method: 'get',
    path: '/api/tickets',
    summary: 'The caller’s tickets, newest first, a page at a time, each with the staff answers',
    tag: 'tickets',
    access: 'session',
    query: customerTicketsQuerySchema,
    response: customerTicketsResponseSchema,
  }),
  open: endpoint({
    method: 'post',
    path: '/api/tickets',
    summary: 'A ticket from the Support page, with the account’s name and e-mail (10 an hour from one account, then 429)',
    tag: 'tickets',
    access: 'session',
    body: newTicketSchema,
    response: newTicketResponseSchema,
    status: 201,
  }),
};
