import type { Knex } from 'knex';

// console_tickets: the SHA-256 of each ticket, for one customer and one service, used once.

export async function insertConsoleTicket(
  db: Knex,
  values: { ticketHash: string; userId: number; serviceId: number; expiresAt: Date; now: Date },
): Promise<void> {
  await db('console_tickets').insert({
    ticket_hash: values.ticketHash,
    user_id: values.userId,
    service_id: values.serviceId,
    expires_at: values.expiresAt,
    created_at: values.now,
  });
}

/** Marks the ticket used if it is this service's, unused and not expired at `now`: its customer, or null. */
export async function redeemConsoleTicket(db: Knex, ticketHash: string, serviceId: number, now: Date): Promise<number | null> {
  const [row] = (await db('console_tickets')
    .where({ ticket_hash: ticketHash, service_id: serviceId })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning('user_id')) as { user_id: number }[];
  return row?.user_id ?? null;
}

/** Tickets past their minute are worth nothing: dropped as new ones are made. */
export async function deleteExpiredConsoleTickets(db: Knex, before: Date): Promise<void> {
  await db('console_tickets').where('expires_at', '<', before).delete();
}
