import type { Knex } from 'knex';
import type { TICKET_STATUSES } from '../../../shared/constants';

export interface TicketRow {
  id: number;
  /** null: sent by a visitor through the contact form. */
  user_id: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: (typeof TICKET_STATUSES)[number];
  assigned_to: number | null;
  created_at: Date;
  updated_at: Date;
}

export type NewTicket = Pick<TicketRow, 'user_id' | 'name' | 'email' | 'subject' | 'message'>;

/** A new ticket is always 'open' and unassigned (the column defaults). */
export async function insertTicket(db: Knex, ticket: NewTicket): Promise<TicketRow> {
  const [row] = await db<TicketRow>('support_tickets').insert(ticket).returning('*');
  return row as TicketRow;
}

/** One customer's tickets, newest first (index user_id, created_at). */
export function listTicketsOfUser(db: Knex, userId: number): Promise<TicketRow[]> {
  return db<TicketRow>('support_tickets')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
}
