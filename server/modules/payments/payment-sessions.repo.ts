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
}

/** Keeps a checkout just opened for an order (a retried start that got the same reference adds nothing). */
export async function recordPaymentSession(
  trx: Knex,
  session: { order_id: number; provider: PaymentProvider; provider_ref: string },
  at: Date,
): Promise<void> {
  await trx('payment_sessions')
    .insert({ ...session, created_at: at, updated_at: at })
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

/** The checkout a recorded payment was made on is done: nothing to close there. */
export async function markPaymentSessionPaid(trx: Knex, provider: PaymentProvider, providerRef: string, at: Date): Promise<void> {
  await trx('payment_sessions')
    .where({ provider, provider_ref: providerRef })
    .whereNot({ status: 'paid' })
    .update({ status: 'paid', updated_at: at });
}
