import { issueRenewalInvoices } from './renewal-invoices';
import { sendRenewalReminders } from './renewal-reminders';
import type { BillingContext } from './step-context';
import { suspendUnpaidServices } from './suspensions';
import { terminateLongSuspended } from './terminations';

export interface SweepReport {
  renewalsIssued: number;
  remindersSent: number;
  suspended: number;
  terminated: number;
}

/**
 * The billing rules in one pass, at the clock's time. Every step is idempotent and safe against a
 * concurrent sweep on another instance (row locks, deduplicated mails), so a pass may run late,
 * twice, or on two workers at once: each step still happens once.
 */
export function createBillingCycle(ctx: BillingContext) {
  return {
    async sweep(): Promise<SweepReport> {
      const report: SweepReport = {
        renewalsIssued: await issueRenewalInvoices(ctx),
        remindersSent: await sendRenewalReminders(ctx),
        suspended: await suspendUnpaidServices(ctx),
        terminated: await terminateLongSuspended(ctx),
      };
      if (Object.values(report).some((n) => n > 0)) ctx.logger.info({ ...report }, 'billing sweep');
      return report;
    },
  };
}

export type BillingCycle = ReturnType<typeof createBillingCycle>;
