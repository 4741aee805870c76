import type { Knex } from 'knex';
import type { StaffGuards } from '../../../http/require-staff';
import { staffProfileRoutes } from './staff-profile.routes';
import { createStaffProfiles } from './staff-profile.service';

/** The back-office profile page: one's own, or another's for Users. */
export function staffProfileModule({ db, guards }: { db: Knex; guards: StaffGuards }) {
  const profiles = createStaffProfiles({ db });
  return { routes: staffProfileRoutes({ profiles, guards }), profiles };
}
