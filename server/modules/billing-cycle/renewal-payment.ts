import type { Knex } from 'knex';
import { frozenClock } from '../../clock/clock';
import { writeAudit } from '../audit/audit.repo';
import type { OrderRow } from '../orders/orders.repo';
import { transitionService } from '../services/service-lifecycle';
import { extendServiceExpiry, lockLiveServicesOfOrder, owesProviderAction } from './billing.repo';
import { renewalPeriod } from './renewal-period';
import { markVpsRenewed } from '../services/vps-mirror.repo';

export interface RenewalApplied {
  /** The services' new expiry (they share their order's period). */
  expiresAt: Date;
  /** Services that were suspended and are the customer's again (the follow-up job unsuspends them at the provider and mails). */
  reactivatedServiceIds: number[];
}

/**
 * A renewal invoice paid, in the settling transaction: every live service of its order runs on from
 * the due date by the product's months (an expiry already further on is kept), and a suspended one
 * takes the lifecycle's `unsuspended` event at once, so the customer may use it as soon as the
 * payment commits; a VPS's inventory row follows. A service ending at term keeps its request (it
 * ends at the new expiry). Terminated services have nothing left to renew.
 */
export async function applyRenewalPayment(trx: Knex, renewal: OrderRow, now: Date): Promise<RenewalApplied | null> {
  if (!renewal.renewal_of_order_id) return null;
  const services = (await lockLiveServicesOfOrder(trx, renewal.renewal_of_order_id)).filter((s) => s.expires_at !== null);
  if (!services.length) return null;

  // The period paid for runs from its due date (as its invoice says).
  const period = (await renewalPeriod(trx, {
    renewal_of_order_id: renewal.renewal_of_order_id,
    due_at: renewal.due_at ?? services[0]!.expires_at,
  }))!;
  const clock = frozenClock(now);
  const reactivatedServiceIds: number[] = [];
  let latest = period.to;
  for (const service of services) {
    const before = service.expires_at!;
    const expiresAt = before.getTime() > period.to.getTime() ? before : period.to;
    if (expiresAt.getTime() > latest.getTime()) latest = expiresAt;
    const change = {
      before: { expiresAt: before.toISOString() },
      after: { expiresAt: expiresAt.toISOString(), renewalOrderId: renewal.id },
    };
    if (service.status === 'suspended') {
      await transitionService(trx, { service, event: 'unsuspended', actor: null, clock, set: { expires_at: expiresAt }, audit: change });
      await owesProviderAction(trx, service.id, 'unsuspend');
      reactivatedServiceIds.push(service.id);
    } else {
      await extendServiceExpiry(trx, service.id, expiresAt, now);
      await writeAudit(trx, { actorId: null, action: 'service.renewed', entityType: 'service', entityId: service.id, ...change });
    }
    if (service.vps_id !== null) await markVpsRenewed(trx, service.vps_id, expiresAt, now);
  }
  return { expiresAt: latest, reactivatedServiceIds };
}
