import { canUseArea } from '../../shared/staff/permissions';
import { OffDuty, RoleForbidden } from './denials';
import { rule } from './rule';

// The dashboard's categories each role sees (spec §2 "Staff dashboard", §6 "Staff roles"), from
// the table in shared/staff/permissions.ts, which the client's sidebar reads too.

export const staffAreaRules = {
  'area.orders': rule((user) => canUseArea(user.role, 'orders'), RoleForbidden),
  'area.tickets': rule((user) => canUseArea(user.role, 'tickets'), RoleForbidden),
  'area.users': rule((user) => canUseArea(user.role, 'users'), RoleForbidden),
  'area.products': rule((user) => canUseArea(user.role, 'products'), RoleForbidden),
  'area.billing': rule((user) => canUseArea(user.role, 'billing'), RoleForbidden),
  'area.logs': rule((user) => canUseArea(user.role, 'logs'), RoleForbidden),
  'area.createProduct': rule((user) => canUseArea(user.role, 'createProduct'), RoleForbidden),
  /** Support agents work on orders only while on duty. */
  'orders.work': rule((user) => canUseArea(user.role, 'orders') && (user.role !== 'support' || user.is_online), OffDuty),
};
