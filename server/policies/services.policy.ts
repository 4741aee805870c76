import { ServiceNotFound } from '../modules/services/service-lifecycle.errors';
import { owns, rule, type Owned } from './rule';

// A customer's services (issue 31): only the owner reads or ends one; another's is a 404.

export const serviceRules = {
  'service.read': rule((user, service: Owned) => owns(user, service), ServiceNotFound),
  /** "Résilier" and taking it back. */
  'service.cancel': rule((user, service: Owned) => owns(user, service), ServiceNotFound),
  /** The panel's work on the server (issue 33): reinstall, and what comes after. */
  'service.manage': rule((user, service: Owned) => owns(user, service), ServiceNotFound),
};
