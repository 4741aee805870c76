import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { StaffGuards } from '../../../http/require-staff';
import type { Mailer } from '../../mail/mail.service';
import { staffTicketsRoutes } from './staff-tickets.routes';
import { createStaffTickets } from './staff-tickets.service';

/** Back-office category 1 "Support": the tickets, answered and closed. */
export function staffTicketsModule({ db, guards, mailer, clock }: { db: Knex; guards: StaffGuards; mailer: Mailer; clock: Clock }) {
  const tickets = createStaffTickets({ db, mailer, clock });
  return { routes: staffTicketsRoutes({ tickets, guards }), tickets };
}
