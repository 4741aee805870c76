import { Router, type RequestHandler } from 'express';
import { staffAuthApi } from '../../../shared/contract/staff-auth';
import type { StaffGuards } from '../../http/require-staff';
import { currentSessionId, currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { authorize } from '../../policies/authorize';
import { requestContext } from '../auth/auth.routes';
import type { StaffAuth } from './staff-auth.service';

interface Deps {
  staffAuth: StaffAuth;
  requireUser: RequestHandler;
  guards: StaffGuards;
  passwordLimit: RequestHandler;
}

/**
 * The way into the back-office: the admin password (per staff member, separate from the login
 * one) gives the staff token; getrole reads the role from the database now.
 */
export function staffAuthRoutes({ staffAuth, requireUser, guards, passwordLimit }: Deps): Router {
  const router = Router();

  route(router, staffAuthApi.verifyAdminPassword, requireUser, passwordLimit, async ({ req, body }) => {
    const user = currentUser(req);
    authorize(user, 'account.actFor', body.userId);
    const adminToken = await staffAuth.verifyAdminPassword(user, currentSessionId(req), body.admin_password, requestContext(req));
    return { success: true, message: 'OK', adminToken };
  });

  route(router, staffAuthApi.getRole, guards.staff, ({ req, res, query }) => {
    const user = currentUser(req);
    authorize(user, 'account.actFor', query.userId);
    res.set('Cache-Control', 'no-store');
    return { role: user.role, is_online: user.is_online };
  });

  return router;
}
