import { Router, type RequestHandler } from 'express';
import { contactSchema, newTicketSchema } from '../../../shared/schemas/support';
import { currentUser } from '../../http/require-user';
import { validate } from '../../http/validate';
import { requestContext } from '../auth/auth.routes';
import type { TicketsService } from './tickets.service';

export interface TicketsRoutesDeps {
  tickets: TicketsService;
  requireUser: RequestHandler;
  optionalUser: RequestHandler;
  /** 5 messages per hour from one address. */
  contactLimit: RequestHandler;
}

/** The customer side of support: the contact form and the Support page (DESIGN.md §3). */
export function ticketsRoutes({ tickets, requireUser, optionalUser, contactLimit }: TicketsRoutesDeps): Router {
  const router = Router();

  router.post('/contact', contactLimit, optionalUser, async (req, res) => {
    const input = validate(contactSchema, req.body);
    res.status(201).json({ ticketId: await tickets.contact(input, req.user, requestContext(req)) });
  });

  router.get('/tickets', requireUser, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ tickets: await tickets.listOwn(currentUser(req)) });
  });

  router.post('/tickets', requireUser, async (req, res) => {
    const input = validate(newTicketSchema, req.body);
    res.status(201).json({ ticket: await tickets.openForCustomer(currentUser(req), input, requestContext(req)) });
  });

  return router;
}
