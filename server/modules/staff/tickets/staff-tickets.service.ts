import type { Knex } from 'knex';
import type { StaffTicketDto } from '../../../../shared/schemas/staff/tickets';
import { NotFoundError } from '../../../http/errors';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import type { Mailer } from '../../mail/mail.service';
import { insertReply, listRepliesOf, repliesByTicket } from '../../tickets/ticket-replies.repo';
import { presentStaffTicket } from './staff-tickets.presenter';
import { findStaffTicket, listTicketsPage, setTicketStatus, type StaffTicketRow } from './staff-tickets.repo';
import { queueTicketAnsweredMail } from './ticket-answered.mail';
import type { Clock } from '../../../clock/clock';

const TicketNotFound = () => NotFoundError('No such ticket');

async function withReplies(db: Knex, rows: StaffTicketRow[]): Promise<StaffTicketDto[]> {
  const replies = repliesByTicket(
    await listRepliesOf(
      db,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((row) => presentStaffTicket(row, replies.get(row.id) ?? []));
}

/** The back-office "Support" category: every ticket, answers (mailed to the customer) and closing. */
export function createStaffTickets({ db, mailer, clock }: { db: Knex; mailer: Mailer; clock: Clock }) {
  async function load(id: number): Promise<StaffTicketDto> {
    const row = await findStaffTicket(db, id);
    if (!row) throw TicketNotFound();
    const [ticket] = await withReplies(db, [row]);
    return ticket as StaffTicketDto;
  }

  return {
    async list(page: { after?: number; limit: number }): Promise<{ tickets: StaffTicketDto[]; limit: number; next: number | null }> {
      const { rows, next } = await listTicketsPage(db, page);
      return { tickets: await withReplies(db, rows), limit: page.limit, next };
    },

    /**
     * Stores the answer, marks the ticket 'answered' (or 'closed' when asked), audits, and writes
     * the customer's mail in the same transaction: a failed reply neither mails nor changes anything.
     */
    async reply(agent: UserRow, id: number, input: { message: string; close: boolean }, ip?: string): Promise<StaffTicketDto> {
      const mailId = await db.transaction(async (trx) => {
        const ticket = await findStaffTicket(trx, id, { forUpdate: true });
        if (!ticket) throw TicketNotFound();
        const replyId = await insertReply(trx, { ticket_id: id, author_id: agent.id, message: input.message });
        const status = input.close ? 'closed' : 'answered';
        await setTicketStatus(trx, id, status, clock.now());
        await writeAudit(trx, {
          actorId: agent.id,
          action: 'ticket.replied',
          entityType: 'support_ticket',
          entityId: id,
          before: { status: ticket.status },
          after: { status, reply_id: replyId },
          ip,
        });
        return queueTicketAnsweredMail(trx, mailer, ticket, { id: replyId, message: input.message });
      });
      if (mailId !== null) mailer.send([mailId]);
      return load(id);
    },

    /** Closes the ticket; closing a closed one changes nothing and writes no audit row. */
    async close(agent: UserRow, id: number, ip?: string): Promise<StaffTicketDto> {
      await db.transaction(async (trx) => {
        const ticket = await findStaffTicket(trx, id, { forUpdate: true });
        if (!ticket) throw TicketNotFound();
        if (ticket.status === 'closed') return;
        await setTicketStatus(trx, id, 'closed', clock.now());
        await writeAudit(trx, {
          actorId: agent.id,
          action: 'ticket.closed',
          entityType: 'support_ticket',
          entityId: id,
          before: { status: ticket.status },
          after: { status: 'closed' },
          ip,
        });
      });
      return load(id);
    },
  };
}

export type StaffTickets = ReturnType<typeof createStaffTickets>;
