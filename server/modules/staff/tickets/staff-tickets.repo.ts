import type { Knex } from 'knex';
import { readKeysetPage, type Keyset } from '../../../db/keyset';
import type { TicketRow } from '../../tickets/tickets.repo';

export interface StaffTicketRow extends TicketRow {
  /** The account's current name, else the name typed in the contact form. */
  user_name: string;
  /** The customer's language for mails; null for a visitor's ticket. */
  user_language: string | null;
}

const columns = (db: Knex) => ['t.*', db.raw('coalesce(u.full_name, t.name) as user_name'), 'u.language as user_language'];

/** Newest ticket first, id breaking ties (index support_tickets_newest_idx). */
const NEWEST_TICKETS: Keyset = { table: 'support_tickets', alias: 't', keys: ['{t}.created_at', '{t}.id'], direction: 'desc' };

/** One page of every ticket, newest first, after the ticket `after` (keyset); the next page's cursor. */
export function listTicketsPage(
  db: Knex,
  { after, limit }: { after?: number; limit: number },
): Promise<{ rows: StaffTicketRow[]; next: number | null }> {
  return readKeysetPage<StaffTicketRow>(
    db('support_tickets as t').leftJoin('users as u', 'u.id', 't.user_id').select(columns(db)),
    NEWEST_TICKETS,
    after,
    limit,
  );
}

/** One ticket; with forUpdate, its row is locked until the transaction ends (two agents replying). */
export async function findStaffTicket(db: Knex, id: number, { forUpdate = false } = {}): Promise<StaffTicketRow | undefined> {
  const query = db('support_tickets as t').leftJoin('users as u', 'u.id', 't.user_id').where('t.id', id).first(columns(db));
  return (forUpdate ? query.forUpdate('t') : query) as Promise<StaffTicketRow | undefined>;
}

export async function setTicketStatus(db: Knex, id: number, status: TicketRow['status'], now: Date): Promise<void> {
  await db('support_tickets').where({ id }).update({ status, updated_at: now });
}
