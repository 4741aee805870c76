import type { Knex } from 'knex';
import type { OrderStatus, PaymentMethod } from '../../../shared/constants';
import type { VatScheme } from '../../../shared/tax/vat-treatment';

export interface OrderRow {
  id: number;
  uuid: string;
  user_id: number;
  status: OrderStatus;
  support_id: number | null;
  os: string | null;
  subtotal_cents: string | number; // bigint columns arrive as strings
  tax_rate: string | number;
  tax_cents: string | number;
  total_cents: string | number;
  currency: string;
  payment_method: PaymentMethod | null;
  provider_ref: string | null;
  payment_url: string | null;
  transfer_reference: string | null;
  payer_name: string | null;
  payer_iban: string | null;
  transfer_announced_at: Date | null;
  invoice_number: string | null;
  invoiced_at: Date | null;
  paid_at: Date | null;
  renewal_of_order_id: number | null;
  /** A renewal invoice's due date: the expiry of the period it pays for. */
  due_at: Date | null;
  /** reverse_charge: no VAT, the buyer's checked number and the legal mention on the invoice. */
  vat_scheme: VatScheme;
  buyer_vat_number: string | null;
  created_at: Date;
}

export interface OrderLineRow {
  order_id: number;
  product_id: number | null;
  name: string;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  qty: number;
  tax_rate: string | number;
  config_products: Record<string, string | number>;
}

export function findOrder(db: Knex, id: number): Promise<OrderRow | undefined> {
  return db<OrderRow>('orders').where({ id }).first();
}

/** The order only if it is this customer's: a foreign order reads exactly like a missing one. */
export function findCustomerOrder(db: Knex, userId: number, id: number): Promise<OrderRow | undefined> {
  return db<OrderRow>('orders').where({ id, user_id: userId }).first();
}

/** Locks the row until the caller's transaction ends (payment, cancellation, confirmation). */
export function lockOrder(trx: Knex, id: number): Promise<OrderRow | undefined> {
  return trx<OrderRow>('orders').where({ id }).forUpdate().first();
}

export function listCustomerOrders(db: Knex, userId: number): Promise<OrderRow[]> {
  return db<OrderRow>('orders').where({ user_id: userId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
}

export async function linesByOrder(db: Knex, orderIds: number[]): Promise<Map<number, OrderLineRow[]>> {
  const byOrder = new Map<number, OrderLineRow[]>();
  if (!orderIds.length) return byOrder;
  const rows = await db<OrderLineRow>('order_lines').whereIn('order_id', orderIds).orderBy('id');
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}
