import type { Role } from '../../shared/constants';
import { isStaffRole } from '../../shared/staff/permissions';
import { AdminOnly } from '../http/errors';
import { CannotChangeOwnRole, NotStaff } from '../modules/staff/users/staff-users.errors';
import { rule } from './rule';

// Who may change whose role and admin password (DESIGN.md §3: roles open the back-office).

export const staffUserRules = {
  'user.handOutRoles': rule((user) => user.role === 'admin', AdminOnly),
  'user.setAdminPassword': rule((user) => user.role === 'admin', AdminOnly),
  /** Never one's own role: the shop could be left without an admin. */
  'user.changeRoleOf': rule((user, targetId: number) => targetId !== user.id, CannotChangeOwnRole),
  /** The admin password opens the back-office: only a staff account holds one. */
  'user.holdAdminPassword': rule((_user, target: { role: Role }) => isStaffRole(target.role), NotStaff),
};
