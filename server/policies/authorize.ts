import type { UserRow } from '../modules/auth/users.repo';
import { accountRules } from './account.policy';
import { dutyRules } from './duty.policy';
import { invoiceRules } from './invoices.policy';
import { orderRules } from './orders.policy';
import { paymentMethodRules } from './payment-methods.policy';
import type { Rule } from './rule';
import { staffAreaRules } from './staff-areas.policy';
import { staffAuthRules } from './staff-auth.policy';
import { staffOrderRules } from './staff-orders.policy';
import { staffProfileRules } from './staff-profile.policy';
import { staffUserRules } from './staff-users.policy';
import { vpsRules } from './vps.policy';
import { serviceRules } from './services.policy';

/** The back-office's rules: the role matrix test (test/api/staff-access.test.ts) has a row for each. */
export const STAFF_RULES = {
  ...staffAuthRules,
  ...staffAreaRules,
  ...staffUserRules,
  ...staffOrderRules,
  ...staffProfileRules,
  ...dutyRules,
};

/** A customer's own things, and the account a request may act for. */
export const CUSTOMER_RULES = {
  ...accountRules,
  ...orderRules,
  ...invoiceRules,
  ...vpsRules,
  ...serviceRules,
  ...paymentMethodRules,
};

const RULES = { ...STAFF_RULES, ...CUSTOMER_RULES };

export type Action = keyof typeof RULES;
type SubjectOf<A extends Action> = (typeof RULES)[A] extends Rule<infer S> ? S : never;
/** A rule about the caller alone takes no subject; one that may go without (a userId left out) takes it optionally. */
type SubjectArg<A extends Action> = undefined extends SubjectOf<A> ? [subject?: SubjectOf<A>] : [subject: SubjectOf<A>];

/** Whether `user` may do `action` (on `subject`), by the rule of that name. */
export function can<A extends Action>(user: UserRow, action: A, ...[subject]: SubjectArg<A>): boolean {
  const rule = RULES[action] as Rule<SubjectOf<A>>;
  return rule.allows(user, subject as SubjectOf<A>);
}

/**
 * The one "who may" check (STYLE.md, Outline's policies): throws the rule's refusal when `user`
 * may not. Routes call it before acting, and after loading what a customer owns (the repo's
 * ownership filter stays as a second line, never the only one).
 */
export function authorize<A extends Action>(user: UserRow, action: A, ...subject: SubjectArg<A>): void {
  if (!can(user, action, ...subject)) throw RULES[action].denied();
}
