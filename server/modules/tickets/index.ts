import type { Knex } from 'knex';
import { ticketsRoutes, type TicketsRoutesDeps } from './tickets.routes';
import { createTicketsService } from './tickets.service';

/** The customers' support tickets and the contact form. */
export function ticketsModule({ db, ...routeDeps }: { db: Knex } & Omit<TicketsRoutesDeps, 'tickets'>) {
  const tickets = createTicketsService({ db });
  return { routes: ticketsRoutes({ tickets, ...routeDeps }), tickets };
}
