import type { Role } from '../../../../shared/constants';
import { isStaffRole } from '../../../../shared/staff/permissions';
import type { UserRow } from '../../auth/users.repo';

// Who may change whose role and admin password (DESIGN.md §3: roles open the back-office).

/** Only an admin hands out roles. */
export const mayHandOutRoles = (actor: UserRow): boolean => actor.role === 'admin';
/** Only an admin sets admin passwords. */
export const maySetAdminPasswords = (actor: UserRow): boolean => actor.role === 'admin';
/** An admin may not change their own role: the shop could be left without one. */
export const mayChangeRoleOf = (actor: UserRow, userId: number): boolean => userId !== actor.id;
/** The admin password opens the back-office: only a staff account holds one. */
export const mayHoldAdminPassword = (target: { role: Role }): boolean => isStaffRole(target.role);
