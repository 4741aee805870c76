import type { Knex } from 'knex';
import type { StaffAutoRenewalDto } from '../../../../shared/schemas/staff-auto-renewals';
import type { Clock } from '../../../clock/clock';
import { methodLabelOf } from '../../saved-methods/method-label';
import { currentSlot, nextSlotAt, CHARGE_SLOTS } from '../../renewal-charges/charge-slots';
import type { AttemptRow } from '../../renewal-charges/renewal-charges.repo';
import { attemptsOfOrders, defaultMethodsOf, renewalsInWindow, type DefaultMethodRow, type StaffRenewalRow } from './auto-renewals.repo';

const DAY_MS = 86_400_000;

const methodLabel = (m: DefaultMethodRow | undefined) => (m ? methodLabelOf(m) : null);

/** When the next automatic attempt comes: its slot's time (now if due and not tried yet), or null when none is left. */
function nextCharge(row: StaffRenewalRow, attempts: AttemptRow[], now: Date): Date | null {
  if (row.order_status !== 'unpaid' || !row.auto_renew) return null;
  if (attempts.some((a) => a.status === 'succeeded' || a.status === 'pending')) return null;
  const slot = currentSlot(now, row.due_at);
  if (!slot) return new Date(row.due_at.getTime() - CHARGE_SLOTS[0]!.daysBefore * DAY_MS);
  if (!attempts.some((a) => a.slot === slot)) return now;
  return nextSlotAt(slot, row.due_at);
}

/** Billing's "automatic renewals" view: the renewals around today, how each will be paid, and its attempts. */
export async function staffAutoRenewals(db: Knex, clock: Clock): Promise<StaffAutoRenewalDto[]> {
  const now = clock.now();
  const rows = await renewalsInWindow(db, new Date(now.getTime() - 10 * DAY_MS), new Date(now.getTime() + 14 * DAY_MS));
  const attempts = await attemptsOfOrders(
    db,
    rows.map((r) => Number(r.order_id)),
  );
  const methods = await defaultMethodsOf(db, [...new Set(rows.map((r) => Number(r.user_id)))]);
  return rows.map((row) => {
    const own = attempts.filter((a) => Number(a.order_id) === Number(row.order_id));
    const method = methods.find((m) => Number(m.user_id) === Number(row.user_id));
    const total = Number(row.total_cents);
    const wallet = row.auto_renew_from_wallet && row.user_currency === row.currency && Number(row.wallet_cents) >= total;
    const chargeFrom = !row.auto_renew ? 'none' : wallet ? 'wallet' : method ? 'method' : 'none';
    const next = chargeFrom === 'none' ? null : nextCharge(row, own, now);
    return {
      order_id: Number(row.order_id),
      user_id: Number(row.user_id),
      customer_email: row.customer_email,
      service_name: row.service_name,
      due_at: row.due_at.toISOString(),
      total_cents: total,
      currency: row.currency,
      order_status: row.order_status,
      auto_renew: row.auto_renew,
      charge_from: chargeFrom,
      method: methodLabel(method),
      next_charge_at: next?.toISOString() ?? null,
      attempts: own.map((a) => ({
        slot: a.slot,
        source: a.source,
        status: a.status,
        failure_code: a.failure_code,
        at: a.updated_at.toISOString(),
      })),
    };
  });
}
