import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';

let database: TestDatabase;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await database.destroy();
});

const app = () => responses.record(createTestApp(database.db));
const db = () => database.db;
const stockOf = async (id: number) => Number((await db()('products').where({ id }).first()).stock);

describe('POST /api/checkout/stripe (card, sandbox page without keys)', () => {
  it('201: an unpaid order priced from the database, stock taken, and the sandbox page to pay on', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 4 });
    const res = await request(app())
      .post('/api/checkout/stripe')
      .set('Authorization', bearer(user.id))
      .send(cartBody(product, 2, { userId: user.id, lng: 'nl' }))
      .expect(201);
    expect(res.body.checkoutUrl).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/nl/sandbox-checkout/[0-9a-f-]{36}$`));

    const order = await db()('orders').where({ id: res.body.orderId }).first();
    // (1299 + 200 + 100) × 2 = 3198; tax 21 % = 671.58 -> 672.
    expect(order).toMatchObject({ user_id: user.id, status: 'unpaid', payment_method: 'card', currency: 'EUR' });
    expect([Number(order.subtotal_cents), Number(order.tax_cents), Number(order.total_cents)]).toEqual([3198, 672, 3870]);
    expect(order.invoice_number).toBeNull();
    expect(await stockOf(product.id)).toBe(2);
    const lines = await db()('order_lines').where({ order_id: order.id });
    expect(lines).toMatchObject([{ product_id: product.id, qty: 2, price_cents: 1299, support_cents: 200, margin_cents: 100 }]);
    const audit = await db()('audit_log')
      .where({ entity_type: 'order', entity_id: String(order.id) })
      .orderBy('id');
    expect(audit.map((a) => a.action)).toEqual(['order.created', 'payment.started']);
  });

  it('400 total_mismatch when the client total disagrees with the prices: no order, stock untouched', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 3 });
    const orders = await countRows(db(), 'orders');
    const res = await request(app())
      .post('/api/checkout/stripe')
      .set('Authorization', bearer(user.id))
      .send(cartBody(product, 1, { totalCents: 1 }))
      .expect(400);
    expect(res.body).toMatchObject({ error: 'total_mismatch', fields: { totalCents: ['checkout.errors.totalMismatch'] } });
    expect(await countRows(db(), 'orders')).toBe(orders);
    expect(await stockOf(product.id)).toBe(3);
  });

  it('ignores a price sent in the cart lines: the database price is charged', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const body = cartBody(product);
    body.items = [{ ...body.items[0]!, price_cents: 1, support_cents: 0, margin_cents: 0, tax_rate: 0 } as never];
    const res = await request(app()).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(body).expect(201);
    const order = await db()('orders').where({ id: res.body.orderId }).first();
    expect(Number(order.total_cents)).toBe(totalFor(product));
  });

  it('403 when the body names another user; nothing is created', async () => {
    const user = await buyer(db());
    const victim = await buyer(db());
    const product = await buildSellableProduct(db());
    const orders = await countRows(db(), 'orders');
    const res = await request(app())
      .post('/api/checkout/stripe')
      .set('Authorization', bearer(user.id))
      .send(cartBody(product, 1, { userId: victim.id }))
      .expect(403);
    expect(res.body.error).toBe('forbidden');
    expect(await countRows(db(), 'orders')).toBe(orders);
  });

  it('403 email_not_verified for an unverified buyer; 401 without a session', async () => {
    const unverified = await buildAccount(db());
    const product = await buildSellableProduct(db());
    const res = await request(app())
      .post('/api/checkout/stripe')
      .set('Authorization', bearer(unverified.id))
      .send(cartBody(product))
      .expect(403);
    expect(res.body.error).toBe('email_not_verified');
    await request(app()).post('/api/checkout/stripe').send(cartBody(product)).expect(401);
    expect(await countRows(db(), 'orders', { user_id: unverified.id })).toBe(0);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('409 out_of_stock when the stock is short, 409 product_unavailable for an archived product', async () => {
    const user = await buyer(db());
    const low = await buildSellableProduct(db(), { stock: 1 });
    const res = await request(app()).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(cartBody(low, 2)).expect(409);
    expect(res.body).toMatchObject({ error: 'out_of_stock', productId: low.id });
    expect(await stockOf(low.id)).toBe(1);

    const archived = await buildSellableProduct(db(), { is_active: false });
    const gone = await request(app())
      .post('/api/checkout/stripe')
      .set('Authorization', bearer(user.id))
      .send(cartBody(archived))
      .expect(409);
    expect(gone.body).toMatchObject({ error: 'product_unavailable', productIds: [archived.id] });
  });

  it('400 with field details for bad input, and nothing changes', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const orders = await countRows(db(), 'orders');
    const cases: [Record<string, unknown>, string][] = [
      [{ items: [], totalCents: 0 }, 'items'],
      [{ items: [{ productId: product.id, qty: 0 }], totalCents: 0 }, 'items.0.qty'],
      [{ items: [{ productId: 'abc', qty: 1 }], totalCents: 0 }, 'items.0.productId'],
      [{ items: [{ productId: product.id, qty: 1 }], totalCents: -5 }, 'totalCents'],
      [{ items: [{ productId: product.id, qty: 1 }] }, 'totalCents'],
    ];
    for (const [body, field] of cases) {
      const res = await request(app()).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(body).expect(400);
      expect(res.body.error).toBe('validation_error');
      expect(Object.keys(res.body.fields)).toContain(field);
    }
    expect(await countRows(db(), 'orders')).toBe(orders);
  });

  it('the last unit: 20 concurrent buyers of a product with stock 1 get exactly one order', async () => {
    const product = await buildSellableProduct(db(), { stock: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(db())));
    const application = app();
    const results = await Promise.all(
      buyers.map((b) => request(application).post('/api/checkout/stripe').set('Authorization', bearer(b.id)).send(cartBody(product))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await stockOf(product.id)).toBe(0);
    const orders = await db()('order_lines').where({ product_id: product.id }).count({ n: '*' });
    expect(Number(orders[0]?.n)).toBe(1);
  });
});

describe('the sandbox payment page drives the webhook path', () => {
  it('Pay: the order becomes pending with an invoice number, one payment row, one follow-up job', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const { orderId, checkoutId } = await startCardCheckout(app(), user.id, cartBody(product));

    const page = await request(app()).get(`/api/sandbox/checkouts/${checkoutId}`).expect(200);
    expect(page.body.checkout).toMatchObject({
      id: checkoutId,
      provider: 'stripe',
      orderId,
      amountCents: totalFor(product),
      currency: 'EUR',
      status: 'open',
      lines: [{ name: 'VPS Test', qty: 1 }],
    });

    const paid = await request(app()).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(200);
    expect(paid.body.redirectUrl).toBe(`${TEST_PUBLIC_URL}/fr/payment/success?orderId=${orderId}`);
    const order = await db()('orders').where({ id: orderId }).first();
    expect(order.status).toBe('pending');
    expect(order.invoice_number).toMatch(/^\d{4}-\d{6}$/);
    expect(order.paid_at).not.toBeNull();
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    const jobs = await db().raw("SELECT data FROM pgboss.job WHERE name = 'order-paid-followup'");
    expect(jobs.rows.map((r: { data: { orderId: number } }) => r.data.orderId)).toContain(orderId);

    // Paying twice (a double click) changes nothing more.
    await request(app()).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(200);
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    const after = await request(app()).get(`/api/sandbox/checkouts/${checkoutId}`).expect(200);
    expect(after.body.checkout.status).toBe('paid');
    await request(app()).post(`/api/sandbox/checkouts/${checkoutId}/cancel`).expect(409);
  });

  it('Cancel: the order stays unpaid and can be paid again (Mollie, from the panel)', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const { orderId, checkoutId } = await startCardCheckout(app(), user.id, cartBody(product));
    const cancelled = await request(app()).post(`/api/sandbox/checkouts/${checkoutId}/cancel`).expect(200);
    expect(cancelled.body.redirectUrl).toBe(`${TEST_PUBLIC_URL}/fr/payment/cancel?orderId=${orderId}`);
    expect((await db()('orders').where({ id: orderId }).first()).status).toBe('unpaid');

    const retry = await request(app())
      .post('/api/checkout/mollie/invoice')
      .set('Authorization', bearer(user.id))
      .send({ orderId, userId: user.id })
      .expect(200);
    const mollieCheckout = String(retry.body.checkoutUrl).split('/sandbox-checkout/')[1]!;
    const page = await request(app()).get(`/api/sandbox/checkouts/${mollieCheckout}`).expect(200);
    expect(page.body.checkout.provider).toBe('mollie');
    await request(app()).post(`/api/sandbox/checkouts/${mollieCheckout}/pay`).expect(200);
    const order = await db()('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({ status: 'pending', payment_method: 'mollie' });
    // A paid order cannot be paid again.
    const again = await request(app())
      .post('/api/checkout/mollie/invoice')
      .set('Authorization', bearer(user.id))
      .send({ orderId })
      .expect(409);
    expect(again.body.error).toBe('order_not_payable');
  });

  it('an unknown or malformed checkout id is 404', async () => {
    await request(app()).get('/api/sandbox/checkouts/00000000-0000-4000-8000-000000000000').expect(404);
    await request(app()).get('/api/sandbox/checkouts/nope').expect(404);
    await request(app()).post('/api/sandbox/checkouts/nope/pay').expect(404);
  });
});

describe('a customer reads only their own orders', () => {
  it('GET /api/orders/{id} for the owner; 404 for another customer or an unknown id', async () => {
    const owner = await buyer(db());
    const other = await buyer(db());
    const product = await buildSellableProduct(db());
    const { orderId } = await startCardCheckout(app(), owner.id, cartBody(product));
    const res = await request(app()).get(`/api/orders/${orderId}`).set('Authorization', bearer(owner.id)).expect(200);
    expect(res.body.order).toMatchObject({
      id: orderId,
      status: 'unpaid',
      total_cents: totalFor(product),
      currency: 'EUR',
      paypalUrl: null,
    });
    expect(res.body.order).not.toHaveProperty('payer_iban');
    await request(app()).get(`/api/orders/${orderId}`).set('Authorization', bearer(other.id)).expect(404);
    await request(app()).get('/api/orders/999999').set('Authorization', bearer(owner.id)).expect(404);
    await request(app()).get(`/api/orders/${orderId}`).expect(401);
  });

  it("GET /api/vps/orders lists the caller's orders only, newest first", async () => {
    const owner = await buyer(db());
    const other = await buyer(db());
    const product = await buildSellableProduct(db());
    const first = await startCardCheckout(app(), owner.id, cartBody(product));
    const second = await startCardCheckout(app(), owner.id, cartBody(product));
    await startCardCheckout(app(), other.id, cartBody(product));
    const res = await request(app()).get('/api/vps/orders').set('Authorization', bearer(owner.id)).expect(200);
    expect(res.body.orders.map((o: { id: number }) => o.id)).toEqual([second.orderId, first.orderId]);
  });
});

describe('PayPal (sandbox page without keys)', () => {
  it('create-order answers {order: {id, paypalUrl}}; the order exposes paypalUrl while unpaid', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const res = await request(app())
      .post('/api/payment/create-order')
      .set('Authorization', bearer(user.id))
      .send({ userId: user.id, items: [{ productId: product.id, qty: 1 }], amount: totalFor(product) })
      .expect(201);
    expect(res.body.order).toEqual({ id: expect.any(Number), paypalUrl: expect.stringContaining('/fr/sandbox-checkout/') });
    const read = await request(app()).get(`/api/orders/${res.body.order.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(read.body.order.paypalUrl).toBe(res.body.order.paypalUrl);

    // Paying on the sandbox page returns through the PayPal return URL, then to the success page.
    const checkoutId = res.body.order.paypalUrl.split('/sandbox-checkout/')[1];
    const paid = await request(app()).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(200);
    expect(paid.body.redirectUrl).toBe(`${TEST_PUBLIC_URL}/api/payment/paypal/return?orderId=${res.body.order.id}&lng=fr`);
    const back = await request(app())
      .get(new URL(paid.body.redirectUrl).pathname + new URL(paid.body.redirectUrl).search)
      .expect(303);
    expect(back.headers.location).toBe(`${TEST_PUBLIC_URL}/fr/payment/success?orderId=${res.body.order.id}`);
    const order = await request(app()).get(`/api/orders/${res.body.order.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(order.body.order).toMatchObject({ status: 'pending', payment_method: 'paypal', paypalUrl: null });
  });

  it('a tampered amount is refused with 400 and creates nothing', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const orders = await countRows(db(), 'orders');
    await request(app())
      .post('/api/payment/create-order')
      .set('Authorization', bearer(user.id))
      .send({ items: [{ productId: product.id, qty: 1 }], amount: totalFor(product) - 100 })
      .expect(400);
    expect(await countRows(db(), 'orders')).toBe(orders);
  });
});
