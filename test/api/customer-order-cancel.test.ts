import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentAdapters, type PaymentAdapters } from '../../server/providers/payments/index';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_JWT_SECRET, TEST_PUBLIC_URL, testConfig } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { paymentJobs } from '../support/payment-jobs';

// Issue 29 item 12: a customer could not cancel an order they had not paid; the only ways out were
// waiting for it to lapse or writing to support, and deleting the account was refused meanwhile.
// POST /api/orders/{id}/cancel (empty body) now cancels it: stock back, Stripe page closed, audited.

let database: TestDatabase;
let stripe: StripeFake;
let adapters: PaymentAdapters;
beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripeFake();
  const config = testConfig({ stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase } });
  adapters = createPaymentAdapters(config, { db: database.db, publicUrl: TEST_PUBLIC_URL, jwtSecret: TEST_JWT_SECRET });
});
afterAll(async () => {
  await stripe.close();
  await database.destroy();
});

const db = () => database.db;
const app = () => createTestApp(db(), { paymentAdapters: adapters });
const orderOf = (id: number) => db()('orders').where({ id }).first();
const stockOf = async (productId: number) => Number((await db()('products').where({ id: productId }).first()).stock);
const cancel = (userId: number, orderId: number | string) =>
  request(app()).post(`/api/orders/${orderId}/cancel`).set('Authorization', bearer(userId)).send();

/** A customer's card order left unpaid, its Stripe Checkout page open. */
async function unpaidCardOrder() {
  const client = await buyer(db());
  const product = await buildSellableProduct(db(), { stock: 4 });
  const res = await request(app()).post('/api/checkout/stripe').set('Authorization', bearer(client.id)).send(cartBody(product)).expect(201);
  const orderId = res.body.orderId as number;
  return { client, product, orderId, sessionId: (await orderOf(orderId)).provider_ref as string };
}

describe('POST /api/orders/{id}/cancel', () => {
  it('a customer cancels their unpaid order: cancelled, the stock back, its Stripe page closed before the answer, audited', async () => {
    const { client, product, orderId, sessionId } = await unpaidCardOrder();
    expect(await stockOf(product.id)).toBe(3);

    const res = await cancel(client.id, orderId).expect(200);

    expect(res.body.order).toMatchObject({
      id: orderId,
      status: 'cancelled',
      cancel_reason: 'cancelled_by_customer',
      reserved_until: null,
    });
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'cancelled_by_customer', payment_url: null });
    expect(await stockOf(product.id)).toBe(4);
    expect(stripe.sessions.get(sessionId)?.session.status).toBe('expired'); // no job run: closed after the commit
    const audit = await db()('audit_log').where({
      entity_type: 'order',
      entity_id: String(orderId),
      action: 'order.cancelled_by_customer',
    });
    expect(audit).toMatchObject([
      {
        actor_id: client.id,
        before: { status: 'unpaid' },
        after: { status: 'cancelled', restocked: [{ product_id: product.id, qty: 1 }] },
      },
    ]);
    // The queued job, the fallback, finds nothing left to close.
    await paymentJobs(db(), adapters).closeOpenPayments(orderId);
    expect(stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);
  });

  it("another customer's order is 404 and stays as it was", async () => {
    const { product, orderId } = await unpaidCardOrder();
    const stranger = await buyer(db());

    expect((await cancel(stranger.id, orderId).expect(404)).body.error).toBe('not_found');

    expect((await orderOf(orderId)).status).toBe('unpaid');
    expect(await stockOf(product.id)).toBe(3);
    expect(
      await countRows(db(), 'audit_log', { entity_type: 'order', entity_id: String(orderId), action: 'order.cancelled_by_customer' }),
    ).toBe(0);
  });

  it('a paid order, or one cancelled already, is 409 order_not_unpaid and unchanged; the stock goes back once', async () => {
    const { client, product, orderId } = await unpaidCardOrder();
    await cancel(client.id, orderId).expect(200);

    expect((await cancel(client.id, orderId).expect(409)).body.error).toBe('order_not_unpaid');
    expect(await stockOf(product.id)).toBe(4);

    const [paid] = await db()('orders')
      .insert({
        user_id: client.id,
        status: 'pending',
        paid_at: new Date(),
        subtotal_cents: 1000,
        tax_rate: 21,
        tax_cents: 210,
        total_cents: 1210,
      })
      .returning('*');
    expect((await cancel(client.id, paid.id).expect(409)).body.error).toBe('order_not_unpaid');
    expect((await orderOf(paid.id)).status).toBe('pending');
  });

  it('a renewal invoice is not the customer’s to cancel: 409, the billing cycle handles it', async () => {
    const client = await buyer(db());
    const [service] = await db()('orders')
      .insert({
        user_id: client.id,
        status: 'paid',
        paid_at: new Date(),
        subtotal_cents: 1000,
        tax_rate: 21,
        tax_cents: 210,
        total_cents: 1210,
      })
      .returning('*');
    const [renewal] = await db()('orders')
      .insert({
        user_id: client.id,
        status: 'unpaid',
        renewal_of_order_id: service.id,
        due_at: new Date(),
        subtotal_cents: 1000,
        tax_rate: 21,
        tax_cents: 210,
        total_cents: 1210,
      })
      .returning('*');

    expect((await cancel(client.id, renewal.id).expect(409)).body.error).toBe('renewal_not_cancellable');
    expect((await orderOf(renewal.id)).status).toBe('unpaid');
  });

  it('the account that was refused deletion for its unpaid order can be deleted once the customer cancelled it', async () => {
    const { client, orderId } = await unpaidCardOrder();
    const deletion = () => request(app()).get('/api/account/deletion').set('Authorization', bearer(client.id)).expect(200);
    expect((await deletion()).body).toMatchObject({ allowed: false });

    await cancel(client.id, orderId).expect(200);

    expect((await deletion()).body).toMatchObject({ allowed: true });
  });
});
