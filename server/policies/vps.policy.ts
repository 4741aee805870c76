import { NoSuchServer } from './denials';
import { owns, rule, type Owned } from './rule';

// A customer's servers (spec §2 client panel): through the order each one serves.

export const vpsRules = {
  /** Start, stop, reboot. */
  'vps.act': rule((user, vps: Owned) => owns(user, vps), NoSuchServer),
  'vps.setAutoRenew': rule((user, vps: Owned) => owns(user, vps), NoSuchServer),
};
