import { NoSuchPaymentMethod, NoSuchSetup } from './denials';
import { owns, rule, type Owned } from './rule';

// A customer's saved payment methods and the setups that save them.

export const paymentMethodRules = {
  /** Make default, delete. */
  'paymentMethod.manage': rule((user, method: Owned) => owns(user, method), NoSuchPaymentMethod),
  'paymentSetup.finish': rule((user, setup: Owned) => owns(user, setup), NoSuchSetup),
};
