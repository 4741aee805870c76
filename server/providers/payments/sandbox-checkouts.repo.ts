import type { Knex } from 'knex';
import type { PaymentProvider } from './types';

// The sandbox provider's own records: one row per checkout page it hands out, the stand-in for
// what a real provider keeps on its side.

export interface SandboxCheckoutRow {
  id: string;
  provider: PaymentProvider;
  order_id: number;
  amount_cents: number;
  currency: string;
  status: 'open' | 'paid' | 'cancelled';
}

export interface NewSandboxCheckout {
  provider: PaymentProvider;
  order_id: number;
  amount_cents: number;
  currency: string;
  success_url: string;
  cancel_url: string;
}

/** Stores a checkout and answers its generated id (a uuid). */
export async function insertSandboxCheckout(db: Knex, checkout: NewSandboxCheckout): Promise<string> {
  const [row] = await db('sandbox_checkouts').insert(checkout).returning('id');
  return (row as { id: string }).id;
}

export function findSandboxCheckout(db: Knex, id: string, provider: PaymentProvider): Promise<SandboxCheckoutRow | undefined> {
  return db<SandboxCheckoutRow>('sandbox_checkouts').where({ id, provider }).first();
}

/** Closes an open checkout so its page takes no payment; answers the checkout as it is now (undefined: no such checkout). */
export async function closeOpenSandboxCheckout(
  db: Knex,
  id: string,
  provider: PaymentProvider,
  now: Date,
): Promise<SandboxCheckoutRow | undefined> {
  await db('sandbox_checkouts').where({ id, provider, status: 'open' }).update({ status: 'cancelled', updated_at: now });
  return findSandboxCheckout(db, id, provider);
}

export function lockSandboxCheckout(trx: Knex, id: string, provider: PaymentProvider): Promise<SandboxCheckoutRow | undefined> {
  return trx<SandboxCheckoutRow>('sandbox_checkouts').where({ id, provider }).forUpdate().first();
}

export interface SandboxRefundRow {
  id: string;
  checkout_id: string;
  idempotency_key: string;
  amount_cents: number;
  currency: string;
}

export function findSandboxRefundByKey(trx: Knex, key: string): Promise<SandboxRefundRow | undefined> {
  return trx<SandboxRefundRow>('sandbox_refunds').where({ idempotency_key: key }).first();
}

/** What was already given back on this checkout, in cents. */
export async function sandboxRefundedCents(trx: Knex, checkoutId: string): Promise<number> {
  const row = (await trx('sandbox_refunds').where({ checkout_id: checkoutId }).sum({ cents: 'amount_cents' }).first()) as {
    cents: number | null;
  };
  return row.cents ?? 0;
}

/** Records a refund, as a provider keeps it; answers its generated id. */
export async function insertSandboxRefund(trx: Knex, refund: Omit<SandboxRefundRow, 'id'>): Promise<string> {
  const [row] = (await trx('sandbox_refunds').insert(refund).returning('id')) as { id: string }[];
  return row!.id;
}
