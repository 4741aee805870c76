import type { Knex } from 'knex';
import type { StaffAutoRenewalDto, StaffAutoRenewalsQuery } from '../../../../shared/schemas/staff-auto-renewals';
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

/**
 * Billing's "automatic renewals" view: a page of the renewals around today (soonest due first, after
 * the invoice `after`), how each will be paid, and its attempts.
 */
export async function staffAutoRenewals(
  db: Knex,
  clock: Clock,
  page: StaffAutoRenewalsQuery,
): Promise<{ renewals: StaffAutoRenewalDto[]; next: number | null; hasMore: boolean }> {
  const now = clock.now();
  const window = { from: new Date(now.getTime() - 10 * DAY_MS), to: new Date(now.getTime() + 14 * DAY_MS) };
  const { rows, next } = await renewalsInWindow(db, window, page);
  const attempts = await attemptsOfOrders(
    db,
    rows.map((r) => Number(r.id)),
  );
  const methods = await defaultMethodsOf(db, [...new Set(rows.map((r) => Number(r.user_id)))]);
  return { renewals: rows.map((row) => present(row, attempts, methods, now)), next, hasMore: next !== null };
}

/** One renewal as Billing shows it: how its next attempt is paid, when, and the attempts made. */
function present(row: StaffRenewalRow, attempts: AttemptRow[], methods: DefaultMethodRow[], now: Date): StaffAutoRenewalDto {
  const own = attempts.filter((a) => Number(a.order_id) === Number(row.id));
  const method = methods.find((m) => Number(m.user_id) === Number(row.user_id));
  const total = row.total_cents;
  const wallet = row.auto_renew_from_wallet && row.user_currency === row.currency && row.wallet_cents >= total;
  // A paid invoice (by an attempt, by hand or by transfer) is never "to be charged" again.
  const paid = row.order_status !== 'unpaid';
  const chargeFrom = paid ? 'paid' : !row.auto_renew ? 'none' : wallet ? 'wallet' : method ? 'method' : 'none';
  const next = chargeFrom === 'none' || chargeFrom === 'paid' ? null : nextCharge(row, own, now);
  return {
    order_id: Number(row.id),
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
}
