import { Router } from 'express';
import type { Knex } from 'knex';
import { staffTicketsQuerySchema, ticketReplySchema, type StaffTicketActionDto, type StaffTicketsDto } from '../../../../shared/schemas/staff';
import { NotFoundError } from '../../../http/errors';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { validate } from '../../../http/validate';
import type { Mailer } from '../../mail/mail.service';
import { createStaffTickets } from './staff-tickets.service';

/** A ticket id from the path; anything else is an unknown ticket (404). */
function ticketId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) === 0) throw NotFoundError('No such ticket');
  return Number(raw);
}

/** Back-office category 1 "Support" (admin, manager, support; support agents on or off duty). */
export function staffTicketsRoutes({ db, guards, mailer }: { db: Knex; guards: StaffGuards; mailer: Mailer }): Router {
  const router = Router();
  const tickets = createStaffTickets({ db, mailer });
  const area = [guards.staff, guards.area('tickets')];

  router.get('/admin/support-tickets', ...area, async (req, res) => {
    const query = validate(staffTicketsQuerySchema, req.query);
    res.set('Cache-Control', 'no-store');
    res.json({ tickets: await tickets.list(query), page: query.page, limit: query.limit } satisfies StaffTicketsDto);
  });

  router.post('/admin/support-tickets/:id/reply', ...area, async (req, res) => {
    const id = ticketId(req.params.id);
    const input = validate(ticketReplySchema, req.body);
    res.json({ ticket: await tickets.reply(currentUser(req), id, input, req.ip) } satisfies StaffTicketActionDto);
  });

  router.post('/admin/support-tickets/:id/close', ...area, async (req, res) => {
    res.json({ ticket: await tickets.close(currentUser(req), ticketId(req.params.id), req.ip) } satisfies StaffTicketActionDto);
  });

  return router;
}
