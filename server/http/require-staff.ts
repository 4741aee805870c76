import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../clock/clock';
import type { StaffArea } from '../../shared/staff/permissions';
import type { UserRow } from '../modules/auth/users.repo';
import { SecondFactorRequired } from '../modules/two-factor/two-factor.errors';
import { isSecondFactorEnabled } from '../modules/two-factor/two-factor.repo';
import { authorize } from '../policies/authorize';
import { verifyStaffToken } from '../security/jwt';
import { HttpError } from './errors';
import { bearerToken, userOfSession } from './require-user';

const StaffTokenRequired = () => new HttpError(401, 'staff_token_required', 'The admin password check is needed first');

/**
 * The back-office's guards. Identity comes from the staff token (`adminToken`, given by the admin
 * password check), whose staff session must still be live: a role change, a logout of the login
 * session it was opened under, or "log out everywhere" ends it. The role is read from the
 * database on every call too, so a demotion takes effect at once, and so is the second factor. `area(x)` lets through the roles that see that dashboard category; support agents work
 * on orders only while on duty.
 */
export function createStaffGuards(db: Knex, jwtSecret: string, clock: Clock) {
  const staff: RequestHandler = async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    const now = clock.now();
    const claims = token ? verifyStaffToken(token, jwtSecret, now) : null;
    const found = claims ? await userOfSession(db, claims, 'staff', now) : undefined;
    if (!found) throw StaffTokenRequired();
    authorize(found.user, 'backOffice.use');
    // Staff work only with a second factor (issue 19): one reset by an admin closes the back-office at once.
    if (!(await isSecondFactorEnabled(db, found.user.id))) throw SecondFactorRequired();
    req.user = found.user;
    req.authSessionId = found.sessionId;
    next();
  };

  const area =
    (name: StaffArea): RequestHandler =>
    (req, _res, next) => {
      const user = req.user as UserRow;
      authorize(user, `area.${name}`);
      if (name === 'orders') authorize(user, 'orders.work');
      next();
    };

  return { staff, area };
}

export type StaffGuards = ReturnType<typeof createStaffGuards>;
