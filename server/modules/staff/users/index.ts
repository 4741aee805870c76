import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { StaffGuards } from '../../../http/require-staff';
import { staffUsersRoutes } from './staff-users.routes';
import { createStaffUsers } from './staff-users.service';

/** Back-office category 2 "Utilisateurs": the accounts, their roles and the staff admin passwords. */
export function staffUsersModule({ db, guards, clock }: { db: Knex; guards: StaffGuards; clock: Clock }) {
  const users = createStaffUsers({ db, clock });
  return { routes: staffUsersRoutes({ users, guards }), users };
}
