import { Router } from 'express';
import type { Knex } from 'knex';
import { staffTicketsApi } from '../../../../shared/contract/staff-tickets';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { Mailer } from '../../mail/mail.service';
import { createStaffTickets } from './staff-tickets.service';
import type { Clock } from '../../../clock/clock';

/** Back-office category 1 "Support" (admin, manager, support; support agents on or off duty). */
export function staffTicketsRoutes({ db, guards, mailer, clock }: { db: Knex; guards: StaffGuards; mailer: Mailer; clock: Clock }): Router {
  const router = Router();
  const tickets = createStaffTickets({ db, mailer, clock });
  const area = [guards.staff, guards.area('tickets')];

  route(router, staffTicketsApi.list, ...area, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return tickets.list(query);
  });

  route(router, staffTicketsApi.reply, ...area, async ({ req, params, body }) => ({
    ticket: await tickets.reply(currentUser(req), params.id, body, req.ip),
  }));

  route(router, staffTicketsApi.close, ...area, async ({ req, params }) => ({
    ticket: await tickets.close(currentUser(req), params.id, req.ip),
  }));

  return router;
}
