import { Router, type RequestHandler } from 'express';
import { staffSecondFactorApi } from '../../../shared/contract/two-factor';
import type { StaffGuards } from '../../http/require-staff';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { requestContext } from '../auth/auth.routes';
import { AdminOnly } from '../staff/users/staff-users.errors';
import type { TwoFactor } from './two-factor.service';

/** Only an admin; refused (403) before anything else is read. */
const adminOnly: RequestHandler = (req, _res, next) => {
  if (currentUser(req).role !== 'admin') throw AdminOnly();
  next();
};

/** Back-office "Utilisateurs": an admin resets a staff member's second factor (lost phone). */
export function staffSecondFactorRoutes({ guards, twoFactor }: { guards: StaffGuards; twoFactor: TwoFactor }): Router {
  const router = Router();
  route(router, staffSecondFactorApi.reset, guards.staff, guards.area('users'), adminOnly, async ({ req, params }) => {
    await twoFactor.adminReset(currentUser(req), params.id, requestContext(req));
    return { success: true as const };
  });
  return router;
}
