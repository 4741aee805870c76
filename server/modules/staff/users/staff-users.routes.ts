import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import { staffUsersApi } from '../../../../shared/contract/staff-users';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import { authorize } from '../../../policies/authorize';
import { changeUserRole, setAdminPassword, staffUserDetail, staffUserOrders, staffUsersPage, staffUserVps } from './staff-users.service';

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
export function staffUsersRoutes({ db, guards, clock }: { db: Knex; guards: StaffGuards; clock: Clock }): Router {
  const router = Router();
  const usersArea = [guards.staff, guards.area('users')];

  route(router, staffUsersApi.list, ...usersArea, async ({ res, query }) => {
    res.set('Cache-Control', 'no-store');
    return staffUsersPage(db, query);
  });

  route(router, staffUsersApi.detail, ...usersArea, async ({ res, params }) => {
    res.set('Cache-Control', 'no-store');
    return staffUserDetail(db, params.id);
  });

  route(router, staffUsersApi.orders, ...usersArea, async ({ res, params, query }) => {
    res.set('Cache-Control', 'no-store');
    return staffUserOrders(db, params.id, query);
  });

  route(router, staffUsersApi.vps, ...usersArea, async ({ res, params, query }) => {
    res.set('Cache-Control', 'no-store');
    return staffUserVps(db, params.id, query);
  });

  route(router, staffUsersApi.changeRole, ...usersArea, only('user.handOutRoles'), async ({ req, params, body }) => ({
    user: await changeUserRole(db, currentUser(req), params.id, body.role, clock, req.ip),
  }));

  route(router, staffUsersApi.setAdminPassword, ...usersArea, only('user.setAdminPassword'), async ({ req, params, body }) => {
    await setAdminPassword(db, currentUser(req), params.id, body.password, clock, req.ip);
    return { success: true as const };
  });

  return router;
}
