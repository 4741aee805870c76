import { frozenClock } from '../../clock/clock';
import { addDays, deletionDate, SUSPEND_AFTER_DAYS } from '../../../shared/billing/service-period';
import { transitionService } from '../services/service-lifecycle';
import { lockService } from '../services/services.repo';
import { openRenewalFor, owesProviderAction, serviceLabel, servicesToSuspend } from './billing.repo';
import { recordOnServiceOrder } from './service-order-events';
import { queueBillingNotice } from './billing-notice';
import { tryProvider } from './provider-actions';
import { forEachCandidate, type BillingContext } from './step-context';
import { markVpsSuspended } from '../services/vps-mirror.repo';

/**
 * Suspension, 7 days after the due date with nothing paid: the service takes the lifecycle's
 * `suspended` event (a VPS's inventory row follows: the panel refuses power actions from then on),
 * its service order records it, the customer is mailed, all in one transaction under the service's
 * row lock; then the provider stops the VPS or suspends the game server. A provider that fails is
 * asked again by the next sweep (the action stays owed on the service).
 */
export async function suspendUnpaidServices(ctx: BillingContext): Promise<number> {
  const now = ctx.clock.now();
  const limit = addDays(now, -SUSPEND_AFTER_DAYS);
  const candidates = await servicesToSuspend(ctx.db, limit);
  let suspended = 0;
  await forEachCandidate(ctx, 'service.suspend', candidates, async (candidate) => {
    const mailId = await ctx.db.transaction(async (trx) => {
      const service = await lockService(trx, candidate.id);
      // Paid meanwhile (expiry moved on), ending at term, or already handled by another worker.
      if (!service || service.status !== 'active' || service.end_at_term_requested_at || !service.expires_at) return undefined;
      if (service.expires_at.getTime() > limit.getTime()) return undefined;
      const renewal = await openRenewalFor(trx, service.order_id, service.expires_at);
      await transitionService(trx, {
        service,
        event: 'suspended',
        actor: null,
        clock: frozenClock(now),
        audit: { after: { reason: 'unpaid', dueAt: service.expires_at.toISOString(), renewalOrderId: renewal?.id ?? null } },
      });
      await owesProviderAction(trx, service.id, 'suspend');
      if (service.vps_id !== null) await markVpsSuspended(trx, service.vps_id, now);
      await recordOnServiceOrder(trx, frozenClock(now), service.order_id, 'suspended', {
        serviceId: service.id,
        vpsId: service.vps_id,
        renewalOrderId: renewal?.id ?? null,
      });
      return queueBillingNotice(trx, ctx.mailer, candidate.user_id, {
        template: 'serviceSuspended',
        vars: ({ date, money }) => ({
          serviceName: serviceLabel(candidate),
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
        dedupeKey: `service-suspended-${service.id}-${service.expires_at.toISOString()}`,
      });
    });
    if (mailId === undefined) return;
    suspended += 1;
    if (mailId !== null) ctx.mailer.send([mailId]);
    await tryProvider(ctx, candidate, 'suspend');
  });
  return suspended;
}
