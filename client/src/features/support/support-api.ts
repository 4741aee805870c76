// The Support page's calls (DESIGN.md §3); both carry the bearer through useAuthedApi.
import type { CustomerTicket } from '../../../../shared/schemas/support';

export const TICKETS_PATH = '/api/tickets';

export interface TicketsResponse {
  tickets: CustomerTicket[];
}

export interface NewTicketResponse {
  ticket: CustomerTicket;
}
