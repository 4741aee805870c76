import { idParams } from '../schemas/ids';
import { staffTicketActionSchema, staffTicketsQuerySchema, staffTicketsSchema, ticketReplySchema } from '../schemas/staff/tickets';
import { endpoint } from './endpoint';

/** Category 1 "Support" (spec §2 "Support tickets page"): every staff role, on duty or not. */
export const staffTicketsApi = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/support-tickets',
    summary: 'Every ticket, newest first, with its answers',
    tag: 'staff-tickets',
    access: 'staff',
    query: staffTicketsQuerySchema,
    response: staffTicketsSchema,
  }),
  reply: endpoint({
    method: 'post',
    path: '/api/admin/support-tickets/{id}/reply',
    summary: 'Answers the customer (mailed), and closes the ticket when asked',
    tag: 'staff-tickets',
    access: 'staff',
    params: idParams,
    body: ticketReplySchema,
    response: staffTicketActionSchema,
  }),
  close: endpoint({
    method: 'post',
    path: '/api/admin/support-tickets/{id}/close',
    summary: 'Closes the ticket',
    tag: 'staff-tickets',
    access: 'staff',
    params: idParams,
    response: staffTicketActionSchema,
  }),
};
