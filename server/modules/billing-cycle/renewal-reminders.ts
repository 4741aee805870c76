import { addDays, REMINDER_DAYS_BEFORE, SUSPEND_AFTER_DAYS } from '../../../shared/billing/service-period';
import { writeAudit } from '../audit/audit.repo';
import { renewingServiceNames, unpaidRenewalsDue, type UnpaidRenewalRow } from './billing.repo';
import { queueBillingNotice } from './billing-notice';
import { forEachCandidate, type BillingContext } from './step-context';

type Reminder = 'before' | 'due';

/**
 * Reminders for unpaid renewal invoices: 3 days before the due date, and on the day (naming the
 * suspension date). Each is written once: the mail's dedupe key is the step's, and the audit row
 * is written only with the mail. A sweep that missed the earlier date sends only the due one. An
 * invoice whose services all end at term is not reminded: it renews nothing.
 */
export async function sendRenewalReminders(ctx: BillingContext): Promise<number> {
  const now = ctx.clock.now();
  // From the oldest invoice not yet suspended to the ones due in 3 days.
  const renewals = await unpaidRenewalsDue(ctx.db, addDays(now, -SUSPEND_AFTER_DAYS), addDays(now, REMINDER_DAYS_BEFORE));
  const names = await renewingServiceNames(
    ctx.db,
    renewals.map((r) => r.renewal_of_order_id!),
  );
  let sent = 0;
  await forEachCandidate(ctx, 'renewal.remind', renewals, async (renewal) => {
    const kind: Reminder = renewal.due_at.getTime() <= now.getTime() ? 'due' : 'before';
    const mailId = await ctx.db.transaction(async (trx) => {
      const id = await queueReminder(ctx, trx, renewal, names.get(renewal.renewal_of_order_id!) ?? '', kind);
      if (id === null) return null;
      await writeAudit(trx, {
        actorId: null,
        action: kind === 'due' ? 'renewal.due_reminder_sent' : 'renewal.reminder_sent',
        entityType: 'order',
        entityId: renewal.id,
        after: { dueAt: renewal.due_at.toISOString(), status: renewal.status },
      });
      return id;
    });
    if (mailId !== null) {
      ctx.mailer.send([mailId]);
      sent += 1;
    }
  });
  return sent;
}

function queueReminder(
  ctx: BillingContext,
  trx: Parameters<typeof queueBillingNotice>[0],
  renewal: UnpaidRenewalRow,
  serviceName: string,
  kind: Reminder,
) {
  return queueBillingNotice(trx, ctx.mailer, renewal.user_id, {
    template: kind === 'due' ? 'renewalDue' : 'renewalReminder',
    vars: ({ date, money }) => ({
      serviceName,
      orderId: String(renewal.id),
      amount: money(renewal.total_cents, renewal.currency),
      dueDate: date(renewal.due_at),
      suspendDate: date(addDays(renewal.due_at, SUSPEND_AFTER_DAYS)),
      daysLeft: String(REMINDER_DAYS_BEFORE),
    }),
    details: [
      ['service', 'serviceName'],
      ['order', 'orderId'],
      ['amount', 'amount'],
      ['dueDate', 'dueDate'],
      ...(kind === 'due' ? ([['suspendDate', 'suspendDate']] as const) : []),
    ],
    dedupeKey: `renewal-${kind === 'due' ? 'due' : 'reminder'}-${renewal.id}`,
  });
}
