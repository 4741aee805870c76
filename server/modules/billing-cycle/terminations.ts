import type { Knex } from 'knex';
import { frozenClock } from '../../clock/clock';
import { addDays, DELETE_AFTER_DAYS } from '../../../shared/billing/service-period';
import { transitionOrder } from '../orders/order-lifecycle';
import { transitionService } from '../services/service-lifecycle';
import { lockService, type ServiceRow } from '../services/services.repo';
import {
  lockOpenRenewals,
  otherLiveService,
  owesProviderAction,
  serviceLabel,
  servicesEndingAtTerm,
  servicesToTerminate,
  type BilledServiceRow,
} from './billing.repo';
import { recordOnServiceOrder } from './service-order-events';
import { queueBillingNotice, type BillingNotice } from './billing-notice';
import { tryProvider } from './provider-actions';
import { forEachCandidate, type BillingContext } from './step-context';
import { markVpsTerminated } from '../services/vps-mirror.repo';

/**
 * Termination, 30 days after the suspension: the service leaves the customer (a VPS's inventory
 * row deleted, its login password erased), the customer is mailed, and the provider is asked to
 * end it, which deletes the data.
 */
export function terminateLongSuspended(ctx: BillingContext): Promise<number> {
  const limit = addDays(ctx.clock.now(), -DELETE_AFTER_DAYS);
  return terminate(ctx, 'service.terminate', () => servicesToTerminate(ctx.db, limit), {
    reason: 'unpaid',
    stillDue: (s) => s.status === 'suspended' && s.suspended_at !== null && s.suspended_at.getTime() <= limit.getTime(),
    notice: (s) => ({
      template: 'serviceTerminated',
      path: 'boutique',
      vars: () => ({ serviceName: serviceLabel(s), deleteDays: String(DELETE_AFTER_DAYS) }),
      details: [['service', 'serviceName']],
      dedupeKey: `service-terminated-${s.id}`,
    }),
  });
}

/**
 * The end of term the customer asked for ("Résilier"): at expiry the service ends as the unpaid
 * termination does, without a suspension first, and the mail says it ended as asked.
 */
export function endServicesAtTerm(ctx: BillingContext): Promise<number> {
  const now = ctx.clock.now();
  return terminate(ctx, 'service.end_at_term', () => servicesEndingAtTerm(ctx.db, now), {
    reason: 'end_of_term',
    stillDue: (s) => s.end_at_term_requested_at !== null && s.expires_at !== null && s.expires_at.getTime() <= now.getTime(),
    notice: (s) => ({
      template: 'serviceEnded',
      path: 'boutique',
      vars: ({ date }) => ({ serviceName: serviceLabel(s), endedAt: date(s.expires_at) }),
      details: [
        ['service', 'serviceName'],
        ['endedAt', 'endedAt'],
      ],
      dedupeKey: `service-ended-${s.id}`,
    }),
  });
}

interface TerminationRule {
  /** Why, as the audit rows say it. */
  reason: 'unpaid' | 'end_of_term';
  /** Checked again under the lock: paid, taken back or handled by another worker meanwhile. */
  stillDue: (service: ServiceRow) => boolean;
  notice: (service: BilledServiceRow) => BillingNotice;
}

/**
 * In one transaction: the service's open renewals locked first, then the service (the order a
 * payment locks them in, so a payment arriving at this very moment waits, or wins, instead of
 * deadlocking); the lifecycle's `terminated` event; a VPS's inventory row deleted; the service
 * order's history. When the order has no live service left, its open renewal invoices are cancelled
 * (their checkouts still open at a provider are closed by a job after the commit). Then the
 * provider ends the service.
 */
async function terminate(
  ctx: BillingContext,
  step: string,
  candidates: () => Promise<BilledServiceRow[]>,
  rule: TerminationRule,
): Promise<number> {
  const now = ctx.clock.now();
  let terminated = 0;
  await forEachCandidate(ctx, step, await candidates(), async (candidate) => {
    const mailId = await ctx.db.transaction(async (trx) => {
      const renewals = await lockOpenRenewals(trx, candidate.order_id);
      const service = await lockService(trx, candidate.id);
      if (!service || !rule.stillDue(service)) return undefined;
      await transitionService(trx, {
        service,
        event: 'terminated',
        actor: null,
        clock: frozenClock(now),
        audit: { after: { reason: rule.reason, dataDeleted: true } },
      });
      await owesProviderAction(trx, service.id, 'terminate');
      if (service.vps_id !== null) await markVpsTerminated(trx, service.vps_id, now);
      const cancelled = (await otherLiveService(trx, service.order_id, service.id)) ? [] : await cancelRenewals(ctx, trx, renewals, now);
      await recordOnServiceOrder(trx, frozenClock(now), service.order_id, 'terminated', {
        serviceId: service.id,
        vpsId: service.vps_id,
        reason: rule.reason,
        cancelledRenewals: cancelled,
      });
      return queueBillingNotice(trx, ctx.mailer, candidate.user_id, rule.notice(candidate));
    });
    if (mailId === undefined) return;
    terminated += 1;
    if (mailId !== null) ctx.mailer.send([mailId]);
    await tryProvider(ctx, candidate, 'terminate');
  });
  return terminated;
}

/** Nothing left to renew: the renewal invoices still open take no payment any more. */
async function cancelRenewals(ctx: BillingContext, trx: Knex, renewals: Awaited<ReturnType<typeof lockOpenRenewals>>, now: Date) {
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
  return renewals.map((r) => r.id);
}
