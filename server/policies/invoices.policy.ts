import { isStaffRole } from '../../shared/staff/permissions';
import { NoSuchCreditNote, NoSuchOrder } from './denials';
import { owns, rule, type Owned } from './rule';

// A customer's billing documents; staff read any customer's invoice (support answers billing questions).

export const invoiceRules = {
  /** Whether an order is looked up among all orders rather than the caller's own. */
  'invoice.readAny': rule((user) => isStaffRole(user.role), NoSuchOrder),
  'invoice.read': rule((user, order: Owned) => owns(user, order) || isStaffRole(user.role), NoSuchOrder),
  'creditNote.read': rule((user, note: Owned) => owns(user, note), NoSuchCreditNote),
};
