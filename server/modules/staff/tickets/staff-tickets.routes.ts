import { Router } from 'express';
import { staffTicketsApi } from '../../../../shared/contract/staff-tickets';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { StaffTickets } from './staff-tickets.service';

/** Back-office category 1 "Support" (admin, manager, support; support agents on or off duty). */
export function staffTicketsRoutes({ tickets, guards }: { tickets: StaffTickets; guards: StaffGuards }): Router {
  const router = Router();
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
