import type { Knex } from 'knex';

export interface ReplyRow {
  id: number;
  ticket_id: number;
  author_id: number | null;
  /** The agent's full name; null when their account is gone. */
  author_full_name: string | null;
  message: string;
  created_at: Date;
}

export async function insertReply(db: Knex, reply: { ticket_id: number; author_id: number; message: string }): Promise<number> {
  const [row] = await db('support_ticket_replies').insert(reply).returning('id');
  return (row as { id: number }).id;
}

/**
 * The replies of these tickets, oldest first (index ticket_id, created_at). The ids go as one
 * array parameter: a customer's whole list of tickets never grows the bind parameters (issue 18).
 */
export function listRepliesOf(db: Knex, ticketIds: readonly number[]): Promise<ReplyRow[]> {
  if (ticketIds.length === 0) return Promise.resolve([]);
  return db('support_ticket_replies as r')
    .leftJoin('users as u', 'u.id', 'r.author_id')
    .whereRaw('r.ticket_id = ANY(?::int[])', [`{${ticketIds.map(Number).join(',')}}`])
    .orderBy([{ column: 'r.created_at' }, { column: 'r.id' }])
    .select('r.id', 'r.ticket_id', 'r.author_id', 'u.full_name as author_full_name', 'r.message', 'r.created_at');
}

/** Groups replies by ticket id (each list keeps the query's order). */
export function repliesByTicket(rows: readonly ReplyRow[]): Map<number, ReplyRow[]> {
  const map = new Map<number, ReplyRow[]>();
  for (const row of rows) {
    const list = map.get(row.ticket_id) ?? [];
    list.push(row);
    map.set(row.ticket_id, list);
  }
  return map;
}
