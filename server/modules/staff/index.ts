import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { StaffGuards } from '../../http/require-staff';
import { dutyRoutes } from './duty.routes';
import { createDutySwitch } from './duty-switch.service';

/** Support duty: an agent going on or off duty, or ending the service. */
export function dutyModule({ db, guards, clock }: { db: Knex; guards: StaffGuards; clock: Clock }) {
  const duty = createDutySwitch({ db, clock });
  return { routes: dutyRoutes({ duty, guards }), duty };
}
