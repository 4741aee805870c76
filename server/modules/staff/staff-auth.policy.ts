import { isStaffRole } from '../../../shared/staff/permissions';
import type { UserRow } from '../auth/users.repo';

// Who may open the back-office (DESIGN.md §3 "Identity and trust").

/** A staff role with an admin password set; anyone else fails the check like a wrong password. */
export const mayOpenBackOffice = (user: UserRow): boolean => isStaffRole(user.role) && user.admin_password_hash !== null;
