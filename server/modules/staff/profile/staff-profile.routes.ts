import { Router } from 'express';
import { staffProfileApi } from '../../../../shared/contract/staff-profile';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { StaffProfiles } from './staff-profile.service';

/** The back-office profile page (spec §2 "Profile page"): one's own, or another's for Users (manager, admin). */
export function staffProfileRoutes({ profiles, guards }: { profiles: StaffProfiles; guards: StaffGuards }): Router {
  const router = Router();

  route(router, staffProfileApi.profile, guards.staff, async ({ req, res, params }) => {
    res.set('Cache-Control', 'no-store');
    return profiles.profile(currentUser(req), params.id);
  });

  route(router, staffProfileApi.transactions, guards.staff, async ({ req, res, params }) => {
    res.set('Cache-Control', 'no-store');
    return { transactions: await profiles.transactions(currentUser(req), params.id) };
  });

  return router;
}
