import type { Knex } from 'knex';
import request from 'supertest';
import { cartTotals } from '../../shared/money/cart-totals';
import { bearer, buildAccount } from './accounts';
import { buildProduct } from './builders';

// What the checkout tests share: a verified buyer, a product, the cart body the client would send.

export const buyer = (db: Knex, overrides: Record<string, unknown> = {}) =>
  buildAccount(db, { email_verified_at: new Date(), full_name: 'Camille Dubois', ...overrides });

export interface TestProduct {
  id: number;
  price_cents: number;
  support_cents: number;
  margin_cents: number;
  tax_rate: number;
}

export async function buildSellableProduct(db: Knex, overrides: Record<string, unknown> = {}): Promise<TestProduct> {
  const product = await buildProduct(db, {
    price_cents: 1299,
    support_cents: 200,
    margin_cents: 100,
    tax_rate: 21,
    stock: 10,
    ...overrides,
  });
  const row = await db('products').where({ id: product.id }).first();
  return { ...row, tax_rate: Number(row.tax_rate) } as TestProduct;
}

/** The server's total for qty of this product (spec §9 arithmetic). */
export const totalFor = (product: TestProduct, qty = 1) => cartTotals([{ ...product, qty }]).totalCents;

export const cartBody = (product: TestProduct, qty = 1, extra: Record<string, unknown> = {}) => ({
  items: [{ productId: product.id, qty }],
  totalCents: totalFor(product, qty),
  nowClient: Date.now(),
  ...extra,
});

export async function countRows(db: Knex, table: string, where: Record<string, unknown> = {}): Promise<number> {
  return Number((await db(table).where(where).count({ n: '*' }))[0]?.n ?? 0);
}

/** Card checkout through the sandbox page: answers the checkout id the sandbox page would show. */
export async function startCardCheckout(app: Parameters<typeof request>[0], userId: number, body: Record<string, unknown>) {
  const res = await request(app).post('/api/checkout/stripe').set('Authorization', bearer(userId)).send(body).expect(201);
  const checkoutId = String(res.body.checkoutUrl).split('/sandbox-checkout/')[1];
  return { orderId: res.body.orderId as number, checkoutUrl: res.body.checkoutUrl as string, checkoutId: checkoutId! };
}
