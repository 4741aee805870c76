import { Router, type RequestHandler } from 'express';
import { ticketsApi } from '../../../shared/contract/tickets';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { requestContext } from '../auth/auth.routes';
import type { TicketsService } from './tickets.service';

export interface TicketsRoutesDeps {
  tickets: TicketsService;
  requireUser: RequestHandler;
  optionalUser: RequestHandler;
  /** 5 messages per hour from one address, 10 from one account. */
  contactLimit: RequestHandler;
  /** 10 tickets opened per hour from one account. */
  openLimit: RequestHandler;
}

/** The customer side of support: the contact form and the Support page (DESIGN.md §3). */
export function ticketsRoutes({ tickets, requireUser, optionalUser, contactLimit, openLimit }: TicketsRoutesDeps): Router {
  const router = Router();

  route(router, ticketsApi.contact, optionalUser, contactLimit, async ({ req, body }) => ({
    ticketId: await tickets.contact(body, req.user, requestContext(req)),
  }));

  route(router, ticketsApi.list, requireUser, async ({ req, res, query }) => {
    res.setHeader('Cache-Control', 'private, no-store');
    return tickets.listOwn(currentUser(req), query);
  });

  route(router, ticketsApi.open, requireUser, openLimit, async ({ req, body }) => ({
    ticket: await tickets.openForCustomer(currentUser(req), body, requestContext(req)),
  }));

  return router;
}
