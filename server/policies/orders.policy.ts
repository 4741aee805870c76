import { NoSuchOrder } from './denials';
import { owns, rule, type Owned } from './rule';

// A customer's orders (spec §2 client panel): theirs only; another's reads as a missing one.

export const orderRules = {
  'order.read': rule((user, order: Owned) => owns(user, order), NoSuchOrder),
  /** Paying an unpaid order (wallet, invoice payment, a fresh PayPal link). */
  'order.pay': rule((user, order: Owned) => owns(user, order), NoSuchOrder),
  /** Giving up an unpaid order (panel, "Annuler la commande"): the owner only, even for staff. */
  'order.cancel': rule((user, order: Owned) => owns(user, order), NoSuchOrder),
};
