import type { Knex } from 'knex';
import type { AutoChargePlan } from '../billing-cycle/ports/auto-charge-plan';
import { methodLabelOf } from '../saved-methods/method-label';
import { defaultSavedMethod } from '../saved-methods/saved-methods.repo';
import { serviceAutoRenews, walletChoice } from './renewal-charges.repo';

/**
 * How a renewal will be paid on its own, as things stand when its invoice is issued: from the
 * wallet when it covers it (and the customer allows it), else the default method; null when the
 * server's automatic renewal is off or nothing can pay it. The billing cycle's PlanAutoCharge port.
 */
export async function autoChargePlan(
  db: Knex,
  renewal: { userId: number; vpsId: number | null; totalCents: number; currency: string },
): Promise<AutoChargePlan | null> {
  // Automatic renewal is switched per VPS (vps.auto_renew); a game server has no such switch yet.
  if (renewal.vpsId === null || !(await serviceAutoRenews(db, renewal.vpsId))) return null;
  const user = await walletChoice(db, renewal.userId);
  if (user?.auto_renew_from_wallet && user.currency === renewal.currency && user.wallet_cents >= renewal.totalCents) {
    return { from: 'wallet', method: null };
  }
  const method = await defaultSavedMethod(db, renewal.userId);
  return method ? { from: 'method', method: methodLabelOf(method) } : null;
}
