import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaypalFake, type PaypalFake } from '../fakes/paypal';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { buildSellableProduct, buyer, countRows, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';

// PayPal Orders v2 through the adapter's REST calls against the local PayPal fake (PAYPAL_API_BASE).

let database: TestDatabase;
let paypal: PaypalFake;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
  paypal = await startPaypalFake();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await paypal.close();
  await database.destroy();
});

const db = () => database.db;
const app = () =>
  responses.record(
    createTestApp(database.db, {
      config: {
        paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId: paypal.webhookId, apiBase: paypal.apiBase },
      },
    }),
  );
const orderOf = (id: number) => db()('orders').where({ id }).first();

async function createOrder() {
  const user = await buyer(db());
  const product = await buildSellableProduct(db());
  const res = await request(app())
    .post('/api/payment/create-order')
    .set('Authorization', bearer(user.id))
    .send({ userId: user.id, items: [{ productId: product.id, qty: 1 }], amount: totalFor(product) })
    .expect(201);
  const orderId = res.body.order.id as number;
  const paypalOrderId = (await orderOf(orderId)).provider_ref as string;
  return { user, product, orderId, paypalOrderId, paypalUrl: res.body.order.paypalUrl as string };
}

const deliver = (event: object) => {
  const signed = paypal.signedWebhook(event);
  return request(app()).post('/api/webhooks/paypal').set(signed.headers).set('Content-Type', 'application/json').send(signed.body);
};

describe('PayPal Orders v2', () => {
  it('creates a PayPal order with the server amount and our order id; paypalUrl is the approval link', async () => {
    const { orderId, paypalOrderId, paypalUrl, product } = await createOrder();
    const { order, request: sent } = paypal.orders.get(paypalOrderId)!;
    expect(paypalUrl).toBe(order.links.find((l) => l.rel === 'approve' || l.rel === 'payer-action')!.href);
    expect(sent.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: String(orderId), amount: { currency_code: 'EUR', value: (totalFor(product) / 100).toFixed(2) } }],
    });
  });

  it('the return URL captures the approved order and the customer lands on the success page; the capture webhook adds nothing', async () => {
    const { orderId, paypalOrderId } = await createOrder();
    paypal.approve(paypalOrderId);
    const back = await request(app()).get(`/api/payment/paypal/return?orderId=${orderId}&lng=nl&token=${paypalOrderId}`).expect(303);
    expect(back.headers.location).toBe(`${TEST_PUBLIC_URL}/nl/payment/success?orderId=${orderId}`);
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', payment_method: 'paypal' });

    const capture = paypal.orders.get(paypalOrderId)!.order.purchase_units[0]!.payments!.captures![0]!;
    const answer = await deliver(paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', capture)).expect(200);
    expect(answer.body.outcome).toBe('payment_already_recorded');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
  });

  it('a customer who closes the tab after approving still pays once: the approval webhook captures', async () => {
    const { orderId, paypalOrderId } = await createOrder();
    paypal.approve(paypalOrderId);
    const approved = paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', paypal.orders.get(paypalOrderId)!.order);
    expect((await deliver(approved).expect(200)).body.outcome).toBe('paid');
    expect((await orderOf(orderId)).status).toBe('pending');
    // The customer's browser comes back late: nothing more happens.
    await request(app()).get(`/api/payment/paypal/return?orderId=${orderId}&token=${paypalOrderId}`).expect(303);
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
  });

  it('a webhook PayPal did not sign is 400 and nothing changes', async () => {
    const { orderId, paypalOrderId } = await createOrder();
    paypal.approve(paypalOrderId);
    const signed = paypal.signedWebhook(paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', paypal.orders.get(paypalOrderId)!.order));
    const tampered = signed.body.replace(paypalOrderId, 'SOMEONEELSEORDER1');
    await request(app())
      .post('/api/webhooks/paypal')
      .set(signed.headers)
      .set('Content-Type', 'application/json')
      .send(tampered)
      .expect(400);
    await request(app()).post('/api/webhooks/paypal').set('Content-Type', 'application/json').send(signed.body).expect(400);
    expect((await orderOf(orderId)).status).toBe('unpaid');
  });

  it('PayPal down: 502 with the order id, the order kept unpaid', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    paypal.down(true);
    let res;
    try {
      res = await request(app())
        .post('/api/payment/create-order')
        .set('Authorization', bearer(user.id))
        .send({ items: [{ productId: product.id, qty: 1 }], amount: totalFor(product) })
        .expect(502);
    } finally {
      paypal.down(false);
    }
    expect(res.body).toMatchObject({ error: 'payment_provider_unavailable', orderId: expect.any(Number) });
    expect(JSON.stringify(res.body)).not.toContain(paypal.clientSecret);
    expect((await orderOf(res.body.orderId)).status).toBe('unpaid');
  });

  it('a forged return token captures nothing', async () => {
    const { orderId, paypalOrderId } = await createOrder();
    paypal.approve(paypalOrderId);
    await request(app()).get(`/api/payment/paypal/return?orderId=${orderId}&token=FORGEDTOKEN000000`).expect(303);
    expect((await orderOf(orderId)).status).toBe('unpaid');
  });
});
