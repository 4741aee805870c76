import { staffRoleQuerySchema, staffRoleSchema, verifyAdminPasswordAnswerSchema, verifyAdminPasswordSchema } from '../schemas/staff/auth';
import { endpoint } from './endpoint';

/** The way into the back-office (spec §7 "Staff"; DESIGN.md §3 "Identity and trust"). */
export const staffAuthApi = {
  verifyAdminPassword: endpoint({
    method: 'post',
    path: '/api/admin/verify-admin-password',
    summary: 'The admin password check: with the login session, gives the staff token (adminToken)',
    tag: 'staff',
    access: 'session',
    body: verifyAdminPasswordSchema,
    response: verifyAdminPasswordAnswerSchema,
  }),
  getRole: endpoint({
    method: 'get',
    path: '/api/admin/getrole',
    summary: 'The caller’s role and duty, read from the database now (spec §3 "Role response")',
    tag: 'staff',
    access: 'staff',
    query: staffRoleQuerySchema,
    response: staffRoleSchema,
  }),
};

export type StaffAuthApi = typeof staffAuthApi;
