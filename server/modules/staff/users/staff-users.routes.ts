import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  changeUserRoleSchema,
  setAdminPasswordSchema,
  staffUsersQuerySchema,
  USERS_PAGE_SIZE,
  type StaffUserDetailDto,
  type StaffUsersPageDto,
  type SuccessDto,
} from '../../../../shared/schemas/staff';
import type { StaffGuards } from '../../../http/require-staff';
import { currentUser } from '../../../http/require-user';
import { validate } from '../../../http/validate';
import { AdminOnly, UserNotFound } from './staff-users.errors';
import { presentStaffUser, presentStaffUserDetail } from './staff-users.presenter';
import { findStaffUser, listStaffUsers, listUserOrders, listUserVps } from './staff-users.repo';
import { changeUserRole, setAdminPassword } from './staff-users.service';

const userIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Roles and admin passwords open the back-office: only an admin hands them out. */
const adminOnly: RequestHandler = (req, _res, next) => {
  if (currentUser(req).role !== 'admin') throw AdminOnly();
  next();
};

/**
 * Back-office category 2 "Utilisateurs" (manager, admin): search the accounts and open one with its
 * orders and VPS; an admin also changes roles and sets staff admin passwords.
 */
export function staffUsersRoutes({ db, guards }: { db: Knex; guards: StaffGuards }): Router {
  const router = Router();
  const usersArea = [guards.staff, guards.area('users')];

  router.get('/admin/users', ...usersArea, async (req, res) => {
    const query = validate(staffUsersQuerySchema, req.query);
    const { rows, hasMore } = await listStaffUsers(db, query, USERS_PAGE_SIZE);
    res.set('Cache-Control', 'no-store');
    res.json({ users: rows.map(presentStaffUser), page: query.page, hasMore } satisfies StaffUsersPageDto);
  });

  router.get('/admin/users/:id', ...usersArea, async (req, res) => {
    const { id } = validate(userIdParams, req.params);
    const user = await findStaffUser(db, id);
    if (!user) throw UserNotFound();
    const [orders, vps] = await Promise.all([listUserOrders(db, id), listUserVps(db, id)]);
    res.set('Cache-Control', 'no-store');
    res.json(presentStaffUserDetail(user, orders, vps) satisfies StaffUserDetailDto);
  });

  router.patch('/admin/users/:id/role', ...usersArea, adminOnly, async (req, res) => {
    const { id } = validate(userIdParams, req.params);
    const { role } = validate(changeUserRoleSchema, req.body ?? {});
    await changeUserRole(db, currentUser(req), id, role, req.ip);
    res.json({ user: presentStaffUser((await findStaffUser(db, id))!) });
  });

  router.put('/admin/users/:id/admin-password', ...usersArea, adminOnly, async (req, res) => {
    const { id } = validate(userIdParams, req.params);
    const { password } = validate(setAdminPasswordSchema, req.body ?? {});
    await setAdminPassword(db, currentUser(req), id, password, req.ip);
    res.json({ success: true } satisfies SuccessDto);
  });

  return router;
}
