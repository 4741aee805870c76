import type { Knex } from 'knex';
import type { DeliveryMode, OsFamily } from '../../../shared/constants';

// The stock an order takes at checkout and gives back when it is cancelled. The product row's
// updated_at stays the database's: it is the catalogue's bookkeeping, not the order's event time.

/**
 * What checkout reads of a product it sells: price, VAT, currency, the OS its machine runs, how it
 * is delivered, and the choices its buyer makes.
 */
export interface SellableProductRow {
  id: number;
  name: string;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  tax_rate: number;
  currency: string;
  config_products: Record<string, string | number>;
  ovh_config: { os?: string } | null;
  stock: number;
  delivery: DeliveryMode;
  delivery_config: Record<string, unknown>;
  os_choices: { id: string; name: string; family: OsFamily }[];
  variants: { id: string; name: string }[];
}

export function activeProducts(trx: Knex, ids: number[]): Promise<SellableProductRow[]> {
  return trx('products').whereIn('id', ids).andWhere({ is_active: true });
}

/** Takes `qty` units with one conditional UPDATE: false when fewer are left (never below zero). */
export async function takeStock(trx: Knex, productId: number, qty: number, now: Date): Promise<boolean> {
  const taken = await trx('products')
    .where({ id: productId })
    .andWhere('stock', '>=', qty)
    .update({ stock: trx.raw('stock - ?', [qty]), updated_at: now })
    .returning('id');
  return taken.length > 0;
}

export async function returnStock(trx: Knex, productId: number, qty: number, now: Date): Promise<void> {
  await trx('products')
    .where({ id: productId })
    .update({ stock: trx.raw('stock + ?', [qty]), updated_at: now });
}
