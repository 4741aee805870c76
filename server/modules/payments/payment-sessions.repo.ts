import type { Knex } from 'knex';
import type { PaymentProvider } from '../../providers/payments/types';

// The checkouts opened at providers for each order, so the ones still open can be closed once the
// order is paid another way.

export type PaymentSessionStatus = 'open' | 'closed' | 'paid' | 'expiring';

export interface PaymentSessionRow {
  id: number;
  order_id: number;
  provider: PaymentProvider;
  provider_ref: string;
  status: PaymentSessionStatus;
  last_error: string | null;
  created_at: Date;
  /** When the reconciliation sweep asks the provider next (payment-sweep.ts). */
  next_check_at: Date;
  checks: number;
  /** What the sweep last learnt when that is unusual (money taken not settled, or held); null otherwise. */
  provider_state: ProviderState | null;
  provider_state_at: Date | null;
}

/** Keeps a checkout just opened for an order (a retried start that got the same reference adds nothing). */
export async function recordPaymentSession(
  trx: Knex,
  session: { order_id: number; provider: PaymentProvider; provider_ref: string },
  at: Date,
): Promise<void> {
  await trx('payment_sessions')
    .insert({ ...session, created_at: at, updated_at: at, next_check_at: at })
    .onConflict(['provider', 'provider_ref'])
    .ignore();
}

export function openPaymentSessions(db: Knex, orderId: number): Promise<PaymentSessionRow[]> {
  return db<PaymentSessionRow>('payment_sessions').where({ order_id: orderId, status: 'open' }).orderBy('id');
}

export async function hasOpenPaymentSessions(trx: Knex, orderId: number): Promise<boolean> {
  return (await trx('payment_sessions').where({ order_id: orderId, status: 'open' }).first('id')) !== undefined;
}

export function findPaymentSession(db: Knex, provider: PaymentProvider, providerRef: string): Promise<PaymentSessionRow | undefined> {
  return db<PaymentSessionRow>('payment_sessions').where({ provider, provider_ref: providerRef }).first();
}

/** What closing found; only an open session moves (a payment recorded meanwhile keeps `paid`). */
export async function settlePaymentSession(db: Knex, id: number, status: Exclude<PaymentSessionStatus, 'open'>, at: Date): Promise<void> {
  await db('payment_sessions').where({ id, status: 'open' }).update({ status, last_error: null, updated_at: at });
}

export async function notePaymentSessionError(db: Knex, id: number, error: string, at: Date): Promise<void> {
  await db('payment_sessions').where({ id }).update({ last_error: error, updated_at: at });
}

/** pending: taken at the provider, not settled yet; held: authorised and not captured yet. */
export type ProviderState = 'pending' | 'held';

/** What the sweep last learnt of a checkout still open (null: nothing unusual); Billing lists the unusual ones. */
export async function notePaymentSessionState(db: Knex, id: number, state: ProviderState | null, at: Date): Promise<void> {
  // Only a change is written: provider_state_at says since when the checkout is in that state.
  await db('payment_sessions')
    .where({ id })
    .whereRaw('provider_state IS DISTINCT FROM ?::text', [state])
    .update({ provider_state: state, provider_state_at: state ? at : null, updated_at: at });
}

/** The checkout a recorded payment was made on is done: nothing to close there. */
export async function markPaymentSessionPaid(trx: Knex, provider: PaymentProvider, providerRef: string, at: Date): Promise<void> {
  await trx('payment_sessions')
    .where({ provider, provider_ref: providerRef })
    .whereNot({ status: 'paid' })
    .update({ status: 'paid', updated_at: at });
}

/** How often the sweep asks about one checkout: every 5 min in its first hour, then hourly. */
export const SWEEP_YOUNG_MS = 3_600_000;
export const SWEEP_YOUNG_EVERY_MS = 5 * 60_000;
export const SWEEP_OLD_EVERY_MS = 3_600_000;
/** Past this age nobody asks any more: the longest provider windows (a Mollie hold, a SEPA debit) are over. */
export const SWEEP_MAX_AGE_MS = 35 * 24 * 3_600_000;

/**
 * Takes the checkouts due for a question (open, or left to lapse at the provider) and moves their
 * next check on before anyone calls the provider, in one statement that skips rows another
 * instance holds: two sweeps never ask about the same checkout in one slot, and a sweep that dies
 * midway leaves the rest for the next slot.
 */
export async function claimDuePaymentSessions(db: Knex, now: Date, limit = 200): Promise<PaymentSessionRow[]> {
  const result = await db.raw(
    `UPDATE payment_sessions s
        SET next_check_at = ?::timestamptz + CASE WHEN s.created_at > ?::timestamptz - make_interval(secs => ?)
                                                  THEN make_interval(secs => ?) ELSE make_interval(secs => ?) END,
            checks = s.checks + 1
      WHERE s.id IN (SELECT id FROM payment_sessions
                      WHERE status IN ('open', 'expiring') AND next_check_at <= ? AND created_at > ?
                      ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING s.*`,
    [
      now,
      now,
      SWEEP_YOUNG_MS / 1000,
      SWEEP_YOUNG_EVERY_MS / 1000,
      SWEEP_OLD_EVERY_MS / 1000,
      now,
      new Date(now.getTime() - SWEEP_MAX_AGE_MS),
      limit,
    ],
  );
  return result.rows as PaymentSessionRow[];
}

/** The provider says nothing more can be paid there (expired, cancelled, failed, released, unknown). */
export async function closePaymentSession(db: Knex, id: number, at: Date): Promise<void> {
  await db('payment_sessions')
    .whereIn('status', ['open', 'expiring'])
    .andWhere({ id })
    .update({ status: 'closed', last_error: null, updated_at: at });
}

/** When each of these checkouts was opened at the provider (by provider reference). */
export async function paymentSessionsOpenedAt(db: Knex, provider: PaymentProvider, refs: string[]): Promise<Map<string, Date>> {
  if (!refs.length) return new Map();
  const rows = (await db('payment_sessions').where({ provider }).whereIn('provider_ref', refs).select('provider_ref', 'created_at')) as {
    provider_ref: string;
    created_at: Date;
  }[];
  return new Map(rows.map((r) => [r.provider_ref, r.created_at]));
}
