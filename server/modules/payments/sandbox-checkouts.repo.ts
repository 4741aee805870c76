import type { Knex } from 'knex';
import type { SandboxCheckoutDto } from '../../../shared/schemas/checkout';
import type { PaymentProvider } from '../../providers/payments/types';

export interface SandboxCheckoutRow {
  id: string;
  provider: PaymentProvider;
  order_id: number;
  amount_cents: number;
  currency: string;
  status: SandboxCheckoutDto['status'];
  success_url: string;
  cancel_url: string;
}

export function findSandboxCheckout(db: Knex, id: string): Promise<SandboxCheckoutRow | undefined> {
  return db<SandboxCheckoutRow>('sandbox_checkouts').where({ id }).first();
}

/** Closes an open checkout; a closed one keeps its first outcome. */
export function closeSandboxCheckout(db: Knex, id: string, outcome: 'paid' | 'cancelled', now: Date): Promise<number> {
  return db('sandbox_checkouts').where({ id, status: 'open' }).update({ status: outcome, updated_at: now });
}
