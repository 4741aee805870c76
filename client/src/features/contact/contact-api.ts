// POST /api/contact (DESIGN.md §3): open to visitors; a logged-in customer's bearer ties the ticket to them.
export const CONTACT_PATH = '/api/contact';

export interface ContactResponse {
  ticketId: number;
}
