import { Router, type RequestHandler } from 'express';
import { staffSecondFactorApi } from '../../../shared/contract/two-factor';
import { AdminOnly } from '../../http/errors';
import type { StaffGuards } from '../../http/require-staff';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { requestContext } from '../auth/auth.routes';
import type { StaffEnrolmentLink } from './staff-enrolment-link';
import type { TwoFactor } from './two-factor.service';

/** Only an admin; refused (403) before anything else is read. */
const adminOnly: RequestHandler = (req, _res, next) => {
  if (currentUser(req).role !== 'admin') throw AdminOnly();
  next();
};

/**
 * Back-office "Utilisateurs": an admin resets a staff member's second factor (lost phone); the
 * staff member enrols again with the link it mails them (no session: it is their way back in).
 */
export function staffSecondFactorRoutes({
  guards,
  twoFactor,
  enrolmentLink,
}: {
  guards: StaffGuards;
  twoFactor: TwoFactor;
  enrolmentLink: StaffEnrolmentLink;
}): Router {
  const router = Router();
  route(router, staffSecondFactorApi.reset, guards.staff, guards.area('users'), adminOnly, async ({ req, params }) => {
    await twoFactor.adminReset(currentUser(req), params.id, requestContext(req));
    return { success: true as const };
  });
  // The secret is in the answers: never cached anywhere.
  route(router, staffSecondFactorApi.enrolmentSetup, async ({ res, body }) => {
    res.set('Cache-Control', 'no-store');
    return enrolmentLink.setup(body.token);
  });
  route(router, staffSecondFactorApi.enrolmentConfirm, async ({ req, res, body }) => {
    res.set('Cache-Control', 'no-store');
    return { recoveryCodes: await enrolmentLink.confirm(body.token, body.code, requestContext(req)) };
  });
  return router;
}
