import type { Knex } from 'knex';
import { readKeysetPage, type Keyset } from '../../db/keyset';
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
/** Newest ticket first, id breaking ties (index support_tickets_user_newest_idx). */
const NEWEST: Keyset = { table: 'support_tickets', alias: 'support_tickets', keys: ['{t}.created_at', '{t}.id'], direction: 'desc' };

/** A page of one customer's tickets after the ticket `after` (keyset), and the next page's cursor. */
export function listTicketsOfUser(
  db: Knex,
  userId: number,
  page: { after?: number; limit: number },
): Promise<{ rows: TicketRow[]; next: number | null }> {
  return readKeysetPage<TicketRow>(db('support_tickets').where({ user_id: userId }), NEWEST, page.after, page.limit);
}
