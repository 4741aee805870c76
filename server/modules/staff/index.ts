import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { StaffGuards } from '../../http/require-staff';
import type { Sessions } from '../auth/sessions.service';
import { dutyRoutes } from './duty.routes';
import { staffAuthRoutes } from './staff-auth.routes';
import { createStaffAuth } from './staff-auth.service';
import { createDutySwitch } from './duty-switch.service';

/** Support duty: an agent going on or off duty, or ending the service. */
export function dutyModule({ db, guards, clock }: { db: Knex; guards: StaffGuards; clock: Clock }) {
  const duty = createDutySwitch({ db, clock });
  return { routes: dutyRoutes({ duty, guards }), duty };
}

/** The way into the back-office: the admin password gives the staff token; getrole reads the role. */
export function staffAuthModule(deps: {
  db: Knex;
  sessions: Sessions;
  requireUser: RequestHandler;
  guards: StaffGuards;
  passwordLimit: RequestHandler;
}) {
  const { db, sessions, ...routeDeps } = deps;
  const staffAuth = createStaffAuth({ db, sessions });
  return { routes: staffAuthRoutes({ staffAuth, ...routeDeps }), staffAuth };
}
