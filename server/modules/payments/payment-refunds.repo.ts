import type { Knex } from 'knex';
import type { PaymentProvider } from '../../providers/payments/types';

// Money given back through a provider: one row per refund, written before the provider is called
// (in the transaction that decides it) and updated with what the provider answered.

export type RefundReason = 'paid_twice' | 'paid_after_cancel' | 'staff';

export interface PaymentRefundRow {
  id: number;
  payment_id: number;
  order_id: number | null;
  provider: PaymentProvider;
  provider_payment_id: string;
  amount_cents: number;
  currency: string;
  reason: RefundReason;
  requested_by: number | null;
  status: 'pending' | 'failed' | 'refunded';
  provider_refund_id: string | null;
  provider_status: string | null;
  attempts: number;
  last_error: string | null;
  idempotency_key: string;
}

export type NewPaymentRefund = Pick<
  PaymentRefundRow,
  'payment_id' | 'order_id' | 'provider' | 'provider_payment_id' | 'currency' | 'reason' | 'requested_by'
> & { amount_cents: number };

/** Answers the new refund's id; null when this payment already has its automatic refund. */
export async function insertPaymentRefund(trx: Knex, refund: NewPaymentRefund, at: Date): Promise<number | null> {
  const [row] = (await trx('payment_refunds')
    .insert({ ...refund, created_at: at, updated_at: at })
    .onConflict() // payment_refunds_one_automatic: one automatic refund per payment
    .ignore()
    .returning('id')) as { id: number }[];
  return row ? row.id : null;
}

export function findPaymentRefund(db: Knex, id: number): Promise<PaymentRefundRow | undefined> {
  return db<PaymentRefundRow>('payment_refunds').where({ id }).first();
}

export async function markRefunded(trx: Knex, id: number, result: { refundId: string; status: string }, at: Date): Promise<void> {
  await trx('payment_refunds')
    .where({ id })
    .update({
      status: 'refunded',
      provider_refund_id: result.refundId,
      provider_status: result.status,
      attempts: trx.raw('attempts + 1'),
      last_error: null,
      updated_at: at,
    });
}

/** Answers the number of attempts so far. */
export async function markRefundFailed(trx: Knex, id: number, error: string, at: Date): Promise<number> {
  const [row] = (await trx('payment_refunds')
    .where({ id })
    .update({ status: 'failed', attempts: trx.raw('attempts + 1'), last_error: error, updated_at: at }, ['attempts'])) as {
    attempts: number;
  }[];
  return row?.attempts ?? 0;
}

/** The payment record says what went back: refunded in full, or in part. */
export async function updatePaymentRefundState(trx: Knex, paymentId: number): Promise<void> {
  await trx('payments')
    .where({ id: paymentId })
    .update({
      status: trx.raw(
        `CASE WHEN (SELECT coalesce(sum(amount_cents), 0) FROM payment_refunds WHERE payment_id = ? AND status = 'refunded') >= amount_cents
              THEN 'refunded' ELSE 'partially_refunded' END`,
        [paymentId],
      ),
    });
}
