import { canUseArea } from '../../../../shared/staff/permissions';
import type { UserRow } from '../../auth/users.repo';

// Whose profile a staff member may read (spec §2 "Profile page"; §6 staff roles).

/** One's own, always; someone else's only with the "Utilisateurs" category (manager, admin). */
export const mayReadProfile = (caller: UserRow, userId: number): boolean => userId === caller.id || canUseArea(caller.role, 'users');
