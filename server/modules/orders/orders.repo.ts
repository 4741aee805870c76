import type { Knex } from 'knex';
import type { OrderCancelReason, RefundDestination, OrderStatus, PaymentMethod } from '../../../shared/constants';
import type { VatLegalBasis, VatScheme } from '../../../shared/tax/vat-treatment';
import type { VatEvidence } from '../../shared/vat-evidence';

export interface OrderRow {
  id: number;
  uuid: string;
  user_id: number;
  status: OrderStatus;
  support_id: number | null;
  os: string | null;
  // bigint and numeric columns arrive as numbers: server/db/knex.ts parses them.
  subtotal_cents: number;
  tax_rate: number;
  tax_cents: number;
  total_cents: number;
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
  /** The article an order without VAT cites (reverse charge, outside the EU). */
  vat_legal_basis: VatLegalBasis | null;
  /** Whose VAT was charged: the seller's state, or the consumer's under OSS; null when none. */
  tax_country: string | null;
  /** Where the customer was when the order was taxed (billing country, phone prefix, VIES answer). */
  vat_evidence: VatEvidence | null;
  taken_at: Date | null;
  delivered_at: Date | null;
  cancelled_at: Date | null;
  /** Until when an unpaid checkout order holds its stock (reservation.ts); null for a renewal invoice. */
  reserved_until: Date | null;
  cancel_reason: OrderCancelReason | null;
  /** What went back to the customer's wallet so far (never more than total_cents). */
  refunded_cents: number;
  /** Where the refund that ended an undelivered order went (cancel_reason `refunded`); null otherwise. */
  refunded_to: RefundDestination | null;
  created_at: Date;
  updated_at: Date;
}

export interface OrderLineRow {
  order_id: number;
  product_id: number | null;
  name: string;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  qty: number;
  tax_rate: number;
  config_products: Record<string, string | number>;
  /** The system (os_choices id) and game variant (variants id) chosen, with their names as sold. */
  os: string | null;
  os_name: string | null;
  variant: string | null;
  variant_name: string | null;
  /** Whether the line took units of products.stock (given back on cancel); false for a VPS counted by free machines. */
  stock_taken: boolean;
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

/**
 * One page of a customer's orders, newest first (id breaks ties): `limit` orders after the order
 * `before` (the previous page's last), read by keyset so any page costs what the first costs.
 * A `before` that is not this customer's order gives an empty page.
 */
export function listCustomerOrders(db: Knex, userId: number, page: { before?: number; limit: number }): Promise<OrderRow[]> {
  const query = db<OrderRow>('orders')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit);
  if (page.before !== undefined) {
    query.whereRaw('(created_at, id) < (SELECT o.created_at, o.id FROM orders o WHERE o.id = ? AND o.user_id = ?)', [page.before, userId]);
  }
  return query;
}

export async function linesByOrder(db: Knex, orderIds: number[]): Promise<Map<number, OrderLineRow[]>> {
  const byOrder = new Map<number, OrderLineRow[]>();
  if (!orderIds.length) return byOrder;
  // One array parameter, whatever the number of orders (a list of binds has a limit of 65,535).
  const rows = await db<OrderLineRow>('order_lines')
    .whereRaw('order_id = ANY(?::int[])', [`{${orderIds.map(Number).join(',')}}`])
    .orderBy('id');
  for (const row of rows) {
    const lines = byOrder.get(row.order_id);
    if (lines) lines.push(row);
    else byOrder.set(row.order_id, [row]);
  }
  return byOrder;
}

/** The choices and the stock flag have their defaults: nothing chosen, units taken from products.stock. */
export type NewOrderLine = Omit<OrderLineRow, 'order_id' | 'os' | 'os_name' | 'variant' | 'variant_name' | 'stock_taken'> &
  Partial<Pick<OrderLineRow, 'os' | 'os_name' | 'variant' | 'variant_name' | 'stock_taken'>>;

export async function insertOrderLines(trx: Knex, orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
  if (!lines.length) return;
  await trx('order_lines').insert(
    lines.map((line) => ({ ...line, order_id: orderId, config_products: JSON.stringify(line.config_products ?? {}) })),
  );
}

/** A renewal repeats its service order's lines (names, prices, VAT) as they were sold. */
export async function copyOrderLines(trx: Knex, fromOrderId: number, toOrderId: number): Promise<void> {
  const lines: (OrderLineRow & { id: number })[] = await trx('order_lines').where({ order_id: fromOrderId }).orderBy('id');
  await insertOrderLines(
    trx,
    toOrderId,
    lines.map(({ id: _id, order_id: _order, ...line }) => line),
  );
}

/**
 * The products a checkout took stock of, in product id order (so restocks never wait crosswise). A
 * line sold against free machines took none: ended, its order simply stops holding a machine.
 */
export function stockedLines(trx: Knex, orderId: number): Promise<{ product_id: number; qty: number }[]> {
  return trx('order_lines')
    .where({ order_id: orderId, stock_taken: true })
    .whereNotNull('product_id')
    .orderBy('product_id')
    .select('product_id', 'qty');
}

/** The structured communication of a bank-transfer order, made from its id once it has one. */
export async function setTransferReference(trx: Knex, id: number, reference: string): Promise<OrderRow> {
  const [order] = (await trx('orders').where({ id }).update({ transfer_reference: reference }).returning('*')) as OrderRow[];
  return order!;
}

/** Keeps the provider's payment on an order still unpaid; false when it was paid meanwhile. */
export async function recordPaymentStarted(
  trx: Knex,
  id: number,
  payment: { payment_method: string; provider_ref: string; payment_url: string },
  at: Date,
): Promise<boolean> {
  const updated = await trx('orders')
    .where({ id, status: 'unpaid' })
    .update({ ...payment, updated_at: at });
  return updated > 0;
}

/** The customer's declaration of a bank transfer: the payer, and the first time it was announced. */
export async function recordTransferAnnounced(
  trx: Knex,
  id: number,
  payer: { payer_name: string; payer_iban: string },
  announcedAt: Date,
  at: Date,
): Promise<void> {
  await trx('orders')
    .where({ id })
    .update({ ...payer, transfer_announced_at: announcedAt, updated_at: at });
}

/** The orders an agent holds, locked in id order (end of service gives them back one by one). */
export function lockOrdersTakenBy(trx: Knex, agentId: number): Promise<OrderRow[]> {
  return trx<OrderRow>('orders').where({ support_id: agentId, status: 'in_progress' }).orderBy('id').forUpdate();
}

/** serviceTerms for many service orders in one statement (a page of renewal invoices), by service order id. */
export async function serviceTermsByOrder(
  db: Knex,
  orderIds: number[],
): Promise<Map<number, { duration: string | null; pricingMode: string | null }>> {
  if (!orderIds.length) return new Map();
  const rows = (await db.raw(
    `SELECT DISTINCT ON (l.order_id) l.order_id, p.ovh_duration, p.ovh_pricing_mode
       FROM order_lines l LEFT JOIN products p ON p.id = l.product_id
      WHERE l.order_id = ANY(?::int[])
      ORDER BY l.order_id, l.id`,
    [orderIds],
  )) as { rows: { order_id: number; ovh_duration: string | null; ovh_pricing_mode: string | null }[] };
  return new Map(rows.rows.map((r) => [r.order_id, { duration: r.ovh_duration, pricingMode: r.ovh_pricing_mode }]));
}
