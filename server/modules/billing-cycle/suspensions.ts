import { frozenClock } from '../../clock/clock';
import { addDays, deletionDate, SUSPEND_AFTER_DAYS } from '../../../shared/billing/service-period';
import { CloudActionRefused } from '../../providers/cloud/errors';
import { recordPowerStatus } from '../vps/vps.repo';
import { writeAudit } from '../audit/audit.repo';
import {
  lockServiceVps,
  markVpsSuspended,
  openRenewalFor,
  servicesToSuspend,
  suspendedStillRunning,
  type ServiceVpsRow,
} from './billing.repo';
import { recordOnServiceOrder } from './service-order-events';
import { queueBillingNotice } from './billing-notice';
import { forEachCandidate, type BillingContext } from './step-context';

/**
 * Suspension, 7 days after the due date with nothing paid: the machine is marked suspended (the
 * panel refuses power actions from then on), its service order records the lifecycle's `suspended`
 * event, the customer is mailed, all in one transaction under the machine's row lock; then it is
 * stopped at the provider. A stop that fails is asked again by the next sweep.
 */
export async function suspendUnpaidServices(ctx: BillingContext): Promise<number> {
  const now = ctx.clock.now();
  const candidates = await servicesToSuspend(ctx.db, addDays(now, -SUSPEND_AFTER_DAYS));
  let suspended = 0;
  await forEachCandidate(ctx, 'vps.suspend', candidates, async (candidate) => {
    const result = await ctx.db.transaction(async (trx) => {
      const vps = await lockServiceVps(trx, candidate.id);
      // Paid meanwhile (expiry moved on) or already handled by another worker.
      if (!vps || vps.state !== 'assigned' || vps.expires_at.getTime() > addDays(now, -SUSPEND_AFTER_DAYS).getTime()) return null;
      await markVpsSuspended(trx, vps.id, now);
      const renewal = await openRenewalFor(trx, vps.order_id, vps.expires_at);
      await recordOnServiceOrder(trx, frozenClock(now), vps.order_id, 'suspended', { vpsId: vps.id, renewalOrderId: renewal?.id ?? null });
      await writeAudit(trx, {
        actorId: null,
        action: 'vps.suspended',
        entityType: 'vps',
        entityId: vps.id,
        before: { state: 'assigned' },
        after: { state: 'suspended', reason: 'unpaid', dueAt: vps.expires_at.toISOString(), renewalOrderId: renewal?.id ?? null },
      });
      const mailId = await queueBillingNotice(trx, ctx.mailer, vps.user_id, {
        template: 'serviceSuspended',
        vars: ({ date, money }) => ({
          serviceName: vps.service_name,
          orderId: renewal ? String(renewal.id) : '-',
          amount: renewal ? money(renewal.total_cents, renewal.currency) : '-',
          deletionDate: date(deletionDate(now)),
        }),
        details: [
          ['service', 'serviceName'],
          ['order', 'orderId'],
          ['amount', 'amount'],
          ['deletionDate', 'deletionDate'],
        ],
        dedupeKey: `vps-suspended-${vps.id}-${vps.expires_at.toISOString()}`,
      });
      return { vps, mailId };
    });
    if (!result) return;
    suspended += 1;
    if (result.mailId !== null) ctx.mailer.send([result.mailId]);
    await stopMachine(ctx, result.vps);
  });
  // Machines suspended earlier whose stop did not go through.
  for (const vps of await suspendedStillRunning(ctx.db)) await stopMachine(ctx, vps);
  return suspended;
}

async function stopMachine(ctx: BillingContext, vps: Pick<ServiceVpsRow, 'id' | 'service_name'>): Promise<void> {
  try {
    await ctx.cloud.act(vps.service_name, 'stop');
    const details = await ctx.cloud.getVps(vps.service_name);
    await recordPowerStatus(ctx.db, vps.id, details.status, ctx.clock.now());
  } catch (err) {
    if (err instanceof CloudActionRefused && err.reason === 'already_stopped') {
      await recordPowerStatus(ctx.db, vps.id, 'stopped', ctx.clock.now());
      return;
    }
    ctx.logger.warn({ vpsId: vps.id, err }, 'suspended VPS not stopped yet; the next sweep asks again');
  }
}
