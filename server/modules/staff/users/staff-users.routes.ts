import { Router, type RequestHandler } from 'express';
import { staffUsersApi } from '../../../../shared/contract/staff-users';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import { authorize } from '../../../policies/authorize';
import type { StaffUsers } from './staff-users.service';

/** Refuses (403) before the body is read: a manager learns nothing from a malformed request. */
const only =
  (action: 'user.handOutRoles' | 'user.setAdminPassword'): RequestHandler =>
  (req, _res, next) => {
    authorize(currentUser(req), action);
    next();
  };

/**
 * Back-office category 2 "Utilisateurs" (manager, admin): search the accounts and open one with its
 * orders and VPS (each a page at a time); an admin also changes roles and sets staff admin passwords.
 */
export function staffUsersRoutes({ users, guards }: { users: StaffUsers; guards: StaffGuards }): Router {
  const router = Router();
  const usersArea = [guards.staff, guards.area('users')];

  route(router, staffUsersApi.list, ...usersArea, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return users.page(query);
  });

  route(router, staffUsersApi.detail, ...usersArea, async ({ res, params }) => {
    res.set('Cache-Control', 'no-store');
    return users.detail(params.id);
  });

  route(router, staffUsersApi.orders, ...usersArea, async ({ res, params, query }) => {
    res.set('Cache-Control', 'no-store');
    return users.orders(params.id, query);
  });

  route(router, staffUsersApi.vps, ...usersArea, async ({ res, params, query }) => {
    res.set('Cache-Control', 'no-store');
    return users.vps(params.id, query);
  });

  route(router, staffUsersApi.changeRole, ...usersArea, only('user.handOutRoles'), async ({ req, params, body }) => ({
    user: await users.changeRole(currentUser(req), params.id, body.role, req.ip),
  }));

  route(router, staffUsersApi.setAdminPassword, ...usersArea, only('user.setAdminPassword'), async ({ req, params, body }) => {
    await users.setAdminPassword(currentUser(req), params.id, body.password, req.ip);
    return { success: true as const };
  });

  return router;
}
