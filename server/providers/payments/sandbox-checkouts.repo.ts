import type { Knex } from 'knex';
import type { PaymentProvider } from './types';

// The sandbox provider's own records: one row per checkout page it hands out, the stand-in for
// what a real provider keeps on its side.

export interface SandboxCheckoutRow {
  id: string;
  provider: PaymentProvider;
  order_id: number;
  amount_cents: string | number;
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
