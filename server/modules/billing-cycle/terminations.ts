import { frozenClock } from '../../clock/clock';
import { addDays, DELETE_AFTER_DAYS } from '../../../shared/billing/service-period';
import { writeAudit } from '../audit/audit.repo';
import { transitionOrder } from '../orders/order-lifecycle';
import { lockOpenRenewals, lockServiceVps, markVpsTerminated, servicesToTerminate } from './billing.repo';
import { recordOnServiceOrder } from './service-order-events';
import { queueBillingNotice } from './billing-notice';
import { forEachCandidate, type BillingContext } from './step-context';

/**
 * Termination, 30 days after the suspension: the machine leaves the customer (state deleted, its
 * login password erased), the renewal invoices still open are cancelled and the service order
 * records the lifecycle's `terminated` event (their checkouts still open at a provider are closed
 * by a job after the commit), the customer is mailed, and the provider is asked to end the
 * service, which deletes the data.
 */
export async function terminateLongSuspended(ctx: BillingContext): Promise<number> {
  const now = ctx.clock.now();
  const limit = addDays(now, -DELETE_AFTER_DAYS);
  const candidates = await servicesToTerminate(ctx.db, limit);
  let terminated = 0;
  await forEachCandidate(ctx, 'vps.terminate', candidates, async (candidate) => {
    const result = await ctx.db.transaction(async (trx) => {
      // Its open renewals first, then the machine: the order a payment locks them in, so a payment
      // arriving at this very moment waits (or wins) instead of deadlocking.
      const renewals = await lockOpenRenewals(trx, candidate.order_id);
      const vps = await lockServiceVps(trx, candidate.id);
      if (!vps || vps.state !== 'suspended' || !vps.suspended_at || vps.suspended_at.getTime() > limit.getTime()) return null;
      await markVpsTerminated(trx, vps.id, now);
      const cancelled = renewals.map((r) => r.id);
      await writeAudit(trx, {
        actorId: null,
        action: 'vps.terminated',
        entityType: 'vps',
        entityId: vps.id,
        before: { state: 'suspended', suspendedAt: vps.suspended_at.toISOString() },
        after: { state: 'deleted', dataDeleted: true, cancelledRenewals: cancelled },
      });
      for (const renewal of renewals) {
        await transitionOrder(trx, {
          order: renewal,
          event: 'cancelled',
          actor: null,
          clock: frozenClock(now),
          audit: { after: { reason: 'service_terminated' } },
        });
        // A renewal page left open at Mollie must take no payment for a service that is gone.
        await ctx.payments.closeOpenLater(trx, ctx.jobs, renewal.id);
      }
      await recordOnServiceOrder(trx, frozenClock(now), vps.order_id, 'terminated', { vpsId: vps.id, cancelledRenewals: cancelled });
      const mailId = await queueBillingNotice(trx, ctx.mailer, vps.user_id, {
        template: 'serviceTerminated',
        path: 'boutique',
        vars: () => ({ serviceName: vps.service_name, deleteDays: String(DELETE_AFTER_DAYS) }),
        details: [['service', 'serviceName']],
        dedupeKey: `vps-terminated-${vps.id}`,
      });
      return { vps, mailId };
    });
    if (!result) return;
    terminated += 1;
    if (result.mailId !== null) ctx.mailer.send([result.mailId]);
    try {
      await ctx.cloud.terminate(result.vps.service_name);
    } catch (err) {
      ctx.logger.error({ vpsId: result.vps.id, err }, 'VPS terminated in the shop but not at the provider: end it by hand');
    }
  });
  return terminated;
}
