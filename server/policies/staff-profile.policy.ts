import { canUseArea } from '../../shared/staff/permissions';
import { OwnProfileOnly } from './denials';
import { rule } from './rule';

// Whose profile a staff member may read (spec §2 "Profile page"; §6 staff roles).

export const staffProfileRules = {
  /** One's own, always; someone else's only with the "Utilisateurs" category (manager, admin). */
  'profile.read': rule((user, userId: number) => userId === user.id || canUseArea(user.role, 'users'), OwnProfileOnly),
};
