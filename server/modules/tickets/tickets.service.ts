import type { Knex } from 'knex';
import type { z } from 'zod';
import type { CustomerTicket, contactSchema, newTicketSchema } from '../../../shared/schemas/support';
import { writeAudit } from '../audit/audit.repo';
import type { RequestContext } from '../../http/request-context';
import type { UserRow } from '../auth/users.repo';
import { listRepliesOf, repliesByTicket } from './ticket-replies.repo';
import { presentCustomerTicket } from './tickets.presenter';
import { insertTicket, listTicketsOfUser, type NewTicket, type TicketRow } from './tickets.repo';

type ContactInput = z.infer<typeof contactSchema>;
type NewTicketInput = z.infer<typeof newTicketSchema>;

/** Where a ticket came from, kept in its audit row. */
type TicketSource = 'contact' | 'support';

export function createTicketsService({ db }: { db: Knex }) {
  function open(ticket: NewTicket, source: TicketSource, ctx: RequestContext): Promise<TicketRow> {
    return db.transaction(async (trx) => {
      const row = await insertTicket(trx, ticket);
      await writeAudit(trx, {
        actorId: row.user_id,
        action: 'ticket.create',
        entityType: 'support_ticket',
        entityId: row.id,
        after: { status: row.status, source, subject: row.subject },
        ip: ctx.ip,
      });
      return row;
    });
  }

  return {
    /** The contact form: a visitor's or a customer's message becomes an open ticket. */
    async contact(input: ContactInput, user: UserRow | undefined, ctx: RequestContext): Promise<number> {
      const row = await open({ user_id: user?.id ?? null, ...input }, 'contact', ctx);
      return row.id;
    },

    /** From the Support page: the name and e-mail are the account's. */
    async openForCustomer(user: UserRow, input: NewTicketInput, ctx: RequestContext): Promise<CustomerTicket> {
      const row = await open({ user_id: user.id, name: user.full_name, email: user.email, ...input }, 'support', ctx);
      return presentCustomerTicket(row);
    },

    /** A page of the customer's tickets, newest first, each with the staff answers (oldest first). */
    async listOwn(user: UserRow, page: { after?: number; limit: number }): Promise<{ tickets: CustomerTicket[]; next: number | null }> {
      const { rows, next } = await listTicketsOfUser(db, user.id, page);
      const replies = repliesByTicket(
        await listRepliesOf(
          db,
          rows.map((r) => r.id),
        ),
      );
      return { tickets: rows.map((row) => presentCustomerTicket(row, replies.get(row.id) ?? [])), next };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
