import { isStaffRole } from '../../shared/staff/permissions';
import { RoleForbidden, WrongAdminPassword } from './denials';
import { rule } from './rule';

// Who may open and use the back-office (DESIGN.md §3 "Identity and trust").

export const staffAuthRules = {
  /** A staff role with an admin password set; anyone else fails the check like a wrong password. */
  'backOffice.open': rule((user) => isStaffRole(user.role) && user.admin_password_hash !== null, WrongAdminPassword),
  /** Every staff call: the role is read again per request, so a demotion takes effect at once. */
  'backOffice.use': rule((user) => isStaffRole(user.role), RoleForbidden),
};
