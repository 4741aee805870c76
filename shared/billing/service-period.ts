// How long a delivered server runs before its renewal, and the dates the billing rules keep
// (spec §9 legal texts: payment due before the due date, suspension after 7 days unpaid, data
// deleted 30 days later).

/** The renewal invoice is issued this many days before the service expires. */
export const RENEWAL_NOTICE_DAYS = 7;
/** A reminder this many days before the due date, and another on the day. */
export const REMINDER_DAYS_BEFORE = 3;
/** Unpaid this many days after the due date: the server is suspended. */
export const SUSPEND_AFTER_DAYS = 7;
/** Suspended this many days: the server is terminated and its data deleted. */
export const DELETE_AFTER_DAYS = 30;
/** An automatic renewal is first charged this many days before the due date (the terms say "at least 3 days"). */
export const FIRST_CHARGE_DAYS = 3;

const DAY_MS = 86_400_000;

/** The billing periods the product form offers (months one payment buys, stored as ovh_duration). */
export const BILLING_PERIOD_MONTHS = [1, 3, 6, 12] as const;

export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/**
 * The months one payment buys. ovh_duration is text holding a number (spec §3); an OVH
 * "upfrontN" pricing mode pays N months at once. Anything unreadable is one month.
 */
export function servicePeriodMonths(duration: string | null | undefined, pricingMode?: string | null): number {
  const upfront = /^upfront(\d{1,3})$/.exec(pricingMode ?? '');
  const raw = upfront ? upfront[1] : duration;
  const months = /^\s*\d{1,3}\s*$/.test(raw ?? '') ? Number(raw) : 0;
  return months >= 1 && months <= 120 ? months : 1;
}

/** The same day of the month `months` later, or the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(at: Date, months: number): Date {
  const result = new Date(at.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export interface RenewalCalendar {
  issueAt: Date;
  reminderAt: Date;
  dueAt: Date;
  suspendAt: Date;
}

/** The steps of one period, from the date the service expires (which is the renewal's due date). */
export function renewalCalendar(expiresAt: Date): RenewalCalendar {
  return {
    issueAt: addDays(expiresAt, -RENEWAL_NOTICE_DAYS),
    reminderAt: addDays(expiresAt, -REMINDER_DAYS_BEFORE),
    dueAt: expiresAt,
    suspendAt: addDays(expiresAt, SUSPEND_AFTER_DAYS),
  };
}

export function deletionDate(suspendedAt: Date): Date {
  return addDays(suspendedAt, DELETE_AFTER_DAYS);
}
