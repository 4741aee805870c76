import type { Knex } from 'knex';

// The reads and the lock behind stock reservations (reservation.ts).

/**
 * Holds the customer's row until the checkout's transaction ends, so two checkouts of one customer
 * count their unpaid orders one after the other. NO KEY UPDATE: orders referencing the customer can
 * still be written meanwhile (their foreign key only needs a KEY SHARE lock).
 */
export async function lockBuyer(trx: Knex, userId: number): Promise<void> {
  await trx('users').where({ id: userId }).forNoKeyUpdate().first('id');
}

/** The customer's unpaid checkout orders (renewal invoices are not reservations). */
export async function countUnpaidCheckoutOrders(trx: Knex, userId: number): Promise<number> {
  const [row] = await trx('orders')
    .where({ user_id: userId, status: 'unpaid' })
    .whereNull('renewal_of_order_id')
    .count<{ n: number }[]>({ n: '*' });
  return row?.n ?? 0;
}

/** Units of each of `productIds` that the customer's unpaid checkout orders hold (absent: none). */
export async function unpaidUnitsByProduct(trx: Knex, userId: number, productIds: number[]): Promise<Map<number, number>> {
  const rows: { product_id: number; units: number }[] = await trx('order_lines as l')
    .join('orders as o', 'o.id', 'l.order_id')
    .where({ 'o.user_id': userId, 'o.status': 'unpaid' })
    .whereNull('o.renewal_of_order_id')
    .whereIn('l.product_id', productIds)
    .groupBy('l.product_id')
    .select('l.product_id', trx.raw('SUM(l.qty) AS units'));
  return new Map(rows.map((row) => [row.product_id, row.units]));
}

/** Unpaid checkout orders whose reservation ended by `now`, oldest deadline first. */
export async function lapsedReservations(db: Knex, now: Date, limit: number): Promise<number[]> {
  const rows: { id: number }[] = await db('orders')
    .where({ status: 'unpaid' })
    .whereNull('renewal_of_order_id')
    .where('reserved_until', '<=', now)
    .orderBy([{ column: 'reserved_until' }, { column: 'id' }])
    .limit(limit)
    .select('id');
  return rows.map((row) => row.id);
}
