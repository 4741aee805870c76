import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentAdapters } from '../../server/providers/payments/index';
import { startPaypalFake, type PaypalFake } from '../fakes/paypal';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_JWT_SECRET, TEST_PUBLIC_URL, testConfig } from '../support/app';
import { buildSellableProduct, buyer, countRows, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { paymentJobs } from '../support/payment-jobs';

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
const paypalConfig = () => ({
  paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId: paypal.webhookId, apiBase: paypal.apiBase },
});
const app = () => responses.record(createTestApp(database.db, { config: paypalConfig() }));
/** The payment jobs as the worker runs them, with the same PayPal adapter as the app. */
const jobs = () =>
  paymentJobs(
    db(),
    createPaymentAdapters(testConfig(paypalConfig()), { db: db(), publicUrl: TEST_PUBLIC_URL, jwtSecret: TEST_JWT_SECRET }),
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

  it('a customer who closes the tab after approving still pays once: the approval webhook queues the capture', async () => {
    const { orderId, paypalOrderId } = await createOrder();
    paypal.approve(paypalOrderId);
    const approved = paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', paypal.orders.get(paypalOrderId)!.order);
    expect((await deliver(approved).expect(200)).body.outcome).toBe('queued');
    await jobs().settlePayments(orderId);
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

describe('a slow PayPal (issue 30)', () => {
  it('the approval webhook is answered while PayPal still holds the capture; the job pays once; a redelivery changes nothing', async () => {
    const { orderId, paypalOrderId } = await createOrder();
    paypal.approve(paypalOrderId);
    const approved = paypal.signedWebhook(paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', paypal.orders.get(paypalOrderId)!.order));
    const eventId = (JSON.parse(approved.body) as { id: string }).id;
    const deliverApproval = () =>
      request(app()).post('/api/webhooks/paypal').set(approved.headers).set('Content-Type', 'application/json').send(approved.body);
    const captureCalls = () => paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${paypalOrderId}/capture`).length;
    const eventRow = () => db()('webhook_events').where({ provider: 'paypal', event_id: eventId }).first('outcome', 'order_id');

    const slow = paypal.slowCaptures(); // a capture call hangs until the test releases it (20 s at most)
    try {
      // PayPal's request is answered without asking PayPal anything: the capture is left to a job.
      expect((await deliverApproval().expect(200)).body).toEqual({ received: true, outcome: 'queued' });
      expect(captureCalls()).toBe(0);
      expect(await eventRow()).toEqual({ outcome: 'queued', order_id: null });
      expect((await orderOf(orderId)).status).toBe('unpaid');
      expect(await jobs().settleJobs(orderId)).toHaveLength(1);

      // The worker's job meets the slow capture and waits for PayPal, not the webhook.
      const settling = jobs().settlePayments(orderId);
      await expect.poll(() => slow.waiting).toBe(1);
      expect((await orderOf(orderId)).status).toBe('unpaid');
      slow.release();
      await settling;
    } finally {
      slow.release();
    }
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    expect(await eventRow()).toEqual({ outcome: 'paid', order_id: orderId });

    // PayPal delivers the same notification again (as after a time-out): nothing more is queued or paid.
    expect((await deliverApproval().expect(200)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await jobs().settleJobs(orderId)).toHaveLength(1);
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    expect(captureCalls()).toBe(1);
  });
});
