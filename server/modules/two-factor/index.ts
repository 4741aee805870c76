import type { RequestHandler } from 'express';
import type { StaffGuards } from '../../http/require-staff';
import type { SecondFactorRateLimits } from '../../http/rate-limits';
import type { Sessions } from '../auth/sessions.service';
import { createLoginChallenges } from './login-challenges.service';
import { createStaffEnrolmentLink } from './staff-enrolment-link';
import { staffSecondFactorRoutes } from './staff-second-factor.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { createTwoFactor, type TwoFactorDeps } from './two-factor.service';

export type TwoFactorModuleDeps = TwoFactorDeps & {
  sessions: Sessions;
  requireUser: RequestHandler;
  limits: SecondFactorRateLimits;
  guards: StaffGuards;
};

/**
 * The second factor: the customer's own (and the login's code step), and the back-office's reset
 * and re-enrolment (mounted with the staff's). Login answers its challenges (`challenges`).
 */
export function twoFactorModule({ sessions, requireUser, limits, guards, ...deps }: TwoFactorModuleDeps) {
  const { db, clock } = deps;
  const twoFactor = createTwoFactor(deps);
  const challenges = createLoginChallenges({ db, sessions, twoFactor, clock });
  const enrolmentLink = createStaffEnrolmentLink({ db, twoFactor, clock });
  return {
    routes: twoFactorRoutes({ twoFactor, challenges, requireUser, limits }),
    staffRoutes: staffSecondFactorRoutes({ guards, twoFactor, enrolmentLink }),
    twoFactor,
    challenges,
  };
}
