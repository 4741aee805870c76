import { idParams } from '../schemas/ids';
import { successSchema } from '../schemas/staff/common';
import {
  changedUserRoleSchema,
  changeUserRoleSchema,
  setAdminPasswordSchema,
  staffUserDetailSchema,
  staffUserListQuerySchema,
  staffUserOrdersPageSchema,
  staffUsersPageSchema,
  staffUserVpsPageSchema,
  staffUsersQuerySchema,
} from '../schemas/staff/users';
import { endpoint } from './endpoint';

/** Category 2 "Utilisateurs" (manager, admin; roles and admin passwords: admin only). */
export const staffUsersApi = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/users',
    summary: 'Accounts by name, e-mail or company, and by role; newest first',
    tag: 'staff-users',
    access: 'staff',
    query: staffUsersQuerySchema,
    response: staffUsersPageSchema,
  }),
  detail: endpoint({
    method: 'get',
    path: '/api/admin/users/{id}',
    summary: 'One account with its saved payment methods (display details only) and how many servers renew on their own',
    tag: 'staff-users',
    access: 'staff',
    params: idParams,
    response: staffUserDetailSchema,
  }),
  orders: endpoint({
    method: 'get',
    path: '/api/admin/users/{id}/orders',
    summary: 'One account’s orders, newest first, 50 a page',
    tag: 'staff-users',
    access: 'staff',
    params: idParams,
    query: staffUserListQuerySchema,
    response: staffUserOrdersPageSchema,
  }),
  vps: endpoint({
    method: 'get',
    path: '/api/admin/users/{id}/vps',
    summary: 'The machines delivered to one account (no login, no password), newest order first, 50 a page',
    tag: 'staff-users',
    access: 'staff',
    params: idParams,
    query: staffUserListQuerySchema,
    response: staffUserVpsPageSchema,
  }),
  changeRole: endpoint({
    method: 'patch',
    path: '/api/admin/users/{id}/role',
    summary: 'Gives an account another role (admin only; never the caller’s own)',
    tag: 'staff-users',
    access: 'staff',
    params: idParams,
    body: changeUserRoleSchema,
    response: changedUserRoleSchema,
  }),
  setAdminPassword: endpoint({
    method: 'put',
    path: '/api/admin/users/{id}/admin-password',
    summary: 'Sets a staff member’s admin password (admin only)',
    tag: 'staff-users',
    access: 'staff',
    params: idParams,
    body: setAdminPasswordSchema,
    response: successSchema,
  }),
};
