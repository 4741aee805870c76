import type { Knex } from 'knex';
import type { PaymentProvider } from '../../providers/payments/types';

// The money side of payments: each provider notification once, each money movement once.

/** Records a notification under its unique (provider, event id); null when it was already recorded. */
export async function recordWebhookEvent(
  trx: Knex,
  event: { provider: string; eventId: string; eventType: string },
): Promise<number | null> {
  const [recorded] = (await trx('webhook_events')
    .insert({ provider: event.provider, event_id: event.eventId, event_type: event.eventType, outcome: 'received', order_id: null })
    .onConflict(['provider', 'event_id'])
    .ignore()
    .returning('id')) as { id: number }[];
  return recorded ? recorded.id : null;
}

export async function setWebhookOutcome(trx: Knex, id: number, outcome: string, orderId: number | null): Promise<void> {
  await trx('webhook_events').where({ id }).update({ outcome, order_id: orderId });
}

export async function setWebhookOutcomeByEvent(
  db: Knex,
  event: { provider: string; eventId: string },
  outcome: string,
  orderId: number | null,
): Promise<void> {
  await db('webhook_events').where({ provider: event.provider, event_id: event.eventId }).update({ outcome, order_id: orderId });
}

export interface PaymentRecord {
  order_id: number;
  user_id: number;
  provider: string;
  provider_payment_id: string;
  event_type: string;
  amount_cents: number;
  currency: string;
  payload: unknown;
}

/** A succeeded money movement: its id, or null when this (provider, payment id) was already recorded. */
export async function insertPaymentOnce(trx: Knex, payment: PaymentRecord, at: Date): Promise<number | null> {
  const [row] = (await trx('payments')
    .insert({ ...payment, status: 'succeeded', payload: JSON.stringify(payment.payload), created_at: at })
    .onConflict(['provider', 'provider_payment_id'])
    .ignore()
    .returning('id')) as { id: number }[];
  return row ? row.id : null;
}

export interface SettlingPayment {
  id: number;
  provider: PaymentProvider;
  provider_payment_id: string;
  amount_cents: number;
  currency: string;
}

/** The provider payment that settled this order: the one recorded under the order's provider_ref. */
export function findSettlingPayment(trx: Knex, order: { id: number; provider_ref: string | null }): Promise<SettlingPayment | undefined> {
  if (!order.provider_ref) return Promise.resolve(undefined);
  return trx('payments')
    .where({ order_id: order.id, provider_payment_id: order.provider_ref })
    .first('id', 'provider', 'provider_payment_id', 'amount_cents', 'currency') as Promise<SettlingPayment | undefined>;
}
