import type { Knex } from 'knex';
import { writeAudit } from '../audit/audit.repo';
import type { OrderRow } from '../orders/orders.repo';
import { renewalPeriod } from './renewal-period';
import { extendServicePeriod, lockVpsOfServiceOrder } from './renewal-payment.repo';

export interface RenewalApplied {
  vpsId: number;
  expiresAt: Date;
  /** The machine was suspended and is the customer's again (the follow-up job powers it on and mails). */
  reactivated: boolean;
}

/**
 * A renewal invoice paid, in the settling transaction: the machine's period runs on from the due
 * date by the product's months, and a suspended machine is reactivated at once (state, audit); the
 * customer may use it as soon as the payment commits. A terminated machine has nothing left to renew.
 */
export async function applyRenewalPayment(trx: Knex, renewal: OrderRow, now: Date): Promise<RenewalApplied | null> {
  if (!renewal.renewal_of_order_id) return null;
  const vps = await lockVpsOfServiceOrder(trx, renewal.renewal_of_order_id);
  if (!vps || !['assigned', 'suspended'].includes(vps.state) || !vps.expires_at) return null;

  // The period paid for runs from its due date (as its invoice says); an expiry already further on is kept.
  const period = (await renewalPeriod(trx, {
    renewal_of_order_id: renewal.renewal_of_order_id,
    due_at: renewal.due_at ?? vps.expires_at,
  }))!;
  const expiresAt = await extendServicePeriod(trx, vps.id, period.to, now);
  const reactivated = vps.state === 'suspended';
  await writeAudit(trx, {
    actorId: null,
    action: reactivated ? 'vps.reactivated' : 'vps.renewed',
    entityType: 'vps',
    entityId: vps.id,
    before: { state: vps.state, expiresAt: vps.expires_at.toISOString() },
    after: { state: 'assigned', expiresAt: expiresAt.toISOString(), renewalOrderId: renewal.id },
  });
  return { vpsId: vps.id, expiresAt, reactivated };
}
