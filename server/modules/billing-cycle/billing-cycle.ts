import { retryOwedProviderActions } from './provider-actions';
import { issueRenewalInvoices } from './renewal-invoices';
import { sendRenewalReminders } from './renewal-reminders';
import type { BillingContext } from './step-context';
import { suspendUnpaidServices } from './suspensions';
import { endServicesAtTerm, terminateLongSuspended } from './terminations';

export interface SweepReport {
  /** Provider actions owed since an earlier pass (the provider was down) that went through now. */
  providerRetried: number;
  renewalsIssued: number;
  remindersSent: number;
  /** Services ended at the term their customer asked for. */
  endedAtTerm: number;
  suspended: number;
  terminated: number;
}

/**
 * The billing rules in one pass, at the clock's time, over every service (VPS and game servers).
 * Every step is idempotent and safe against a concurrent sweep on another instance (row locks,
 * deduplicated mails), so a pass may run late, twice, or on two workers at once: each step still
 * happens once.
 */
export function createBillingCycle(ctx: BillingContext) {
  return {
    async sweep(): Promise<SweepReport> {
      const report: SweepReport = {
        providerRetried: await retryOwedProviderActions(ctx),
        renewalsIssued: await issueRenewalInvoices(ctx),
        remindersSent: await sendRenewalReminders(ctx),
        endedAtTerm: await endServicesAtTerm(ctx),
        suspended: await suspendUnpaidServices(ctx),
        terminated: await terminateLongSuspended(ctx),
      };
      if (Object.values(report).some((n) => n > 0)) ctx.logger.info({ ...report }, 'billing sweep');
      return report;
    },
  };
}

export type BillingCycle = ReturnType<typeof createBillingCycle>;
