import type { Knex } from 'knex';
import type { TicketRow } from '../../tickets/tickets.repo';

export interface StaffTicketRow extends TicketRow {
  /** The account's current name, else the name typed in the contact form. */
  user_name: string;
  /** The customer's language for mails; null for a visitor's ticket. */
  user_language: string | null;
}

const columns = (db: Knex) => ['t.*', db.raw('coalesce(u.full_name, t.name) as user_name'), 'u.language as user_language'];

/** One page of every ticket, newest first. */
export function listTicketsPage(db: Knex, { page, limit }: { page: number; limit: number }): Promise<StaffTicketRow[]> {
  return db('support_tickets as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .orderBy([
      { column: 't.created_at', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ])
    .limit(limit)
    .offset((page - 1) * limit)
    .select(columns(db));
}

/** One ticket; with forUpdate, its row is locked until the transaction ends (two agents replying). */
export async function findStaffTicket(db: Knex, id: number, { forUpdate = false } = {}): Promise<StaffTicketRow | undefined> {
  const query = db('support_tickets as t').leftJoin('users as u', 'u.id', 't.user_id').where('t.id', id).first(columns(db));
  return (forUpdate ? query.forUpdate('t') : query) as Promise<StaffTicketRow | undefined>;
}

export async function setTicketStatus(db: Knex, id: number, status: TicketRow['status']): Promise<void> {
  await db('support_tickets').where({ id }).update({ status, updated_at: db.fn.now() });
}
