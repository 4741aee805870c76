import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMollieFake, type MollieFake } from '../fakes/mollie';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';

// Paying an unpaid invoice through Mollie: the real @mollie/api-client against the nock fake.

let database: TestDatabase;
let mollie: MollieFake;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
  mollie = startMollieFake();
});
afterAll(async () => {
  responses.expectNoSecrets();
  mollie.stop();
  await database.destroy();
});

const db = () => database.db;
const app = () => responses.record(createTestApp(database.db, { config: { mollie: { apiKey: mollie.apiKey, apiBase: mollie.apiBase } } }));
const orderOf = (id: number) => db()('orders').where({ id }).first();

/** An unpaid order (card checkout on the sandbox page, never paid), then its Mollie payment. */
async function unpaidInvoice() {
  const user = await buyer(db());
  const product = await buildSellableProduct(db());
  const { orderId } = await startCardCheckout(app(), user.id, cartBody(product));
  const res = await request(app())
    .post('/api/checkout/mollie/invoice')
    .set('Authorization', bearer(user.id))
    .send({ orderId, userId: user.id, lng: 'pl' })
    .expect(200);
  const paymentId = [...mollie.payments.keys()].at(-1)!;
  return { user, product, orderId, paymentId, checkoutUrl: res.body.checkoutUrl as string };
}

const notify = (id: string) => request(app()).post('/api/webhooks/mollie').type('form').send({ id });

describe('Mollie invoice payment', () => {
  it('creates a Mollie payment for the order total with its id, the webhook and the return pages', async () => {
    const { orderId, paymentId, checkoutUrl, product } = await unpaidInvoice();
    const { request: sent, payment } = mollie.payments.get(paymentId)!;
    expect(checkoutUrl).toBe(payment._links.checkout!.href);
    expect(sent).toMatchObject({
      amount: { currency: 'EUR', value: (totalFor(product) / 100).toFixed(2) },
      redirectUrl: `${TEST_PUBLIC_URL}/pl/payment/success?orderId=${orderId}`,
      cancelUrl: `${TEST_PUBLIC_URL}/pl/payment/cancel?orderId=${orderId}`,
      webhookUrl: `${TEST_PUBLIC_URL}/api/webhooks/mollie`,
      metadata: { orderId },
    });
    expect(await orderOf(orderId)).toMatchObject({ payment_method: 'mollie', provider_ref: paymentId, status: 'unpaid' });
  });

  it('the webhook only carries an id: the payment is fetched back, and paid marks the order paid once', async () => {
    const { orderId, paymentId } = await unpaidInvoice();
    expect((await notify(paymentId).expect(200)).body.outcome).toBe('ignored'); // still open at Mollie
    expect((await orderOf(orderId)).status).toBe('unpaid');
    mollie.setStatus(paymentId, 'paid');
    expect((await notify(paymentId).expect(200)).body.outcome).toBe('paid');
    expect((await notify(paymentId).expect(200)).body.outcome).toBe('duplicate');
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(await countRows(db(), 'payments', { order_id: orderId, provider: 'mollie' })).toBe(1);
    const gets = mollie.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/payments/${paymentId}`));
    expect(gets.length).toBeGreaterThanOrEqual(3);
  });

  it('an id Mollie does not know is refused (400) and changes nothing', async () => {
    const { orderId } = await unpaidInvoice();
    expect((await notify('tr_Forged00001').expect(400)).body.error).toBe('invalid_webhook');
    await request(app()).post('/api/webhooks/mollie').type('form').send({}).expect(400);
    expect((await orderOf(orderId)).status).toBe('unpaid');
  });

  it('a paid amount that is not the order total is refused', async () => {
    const { orderId, paymentId } = await unpaidInvoice();
    mollie.payments.get(paymentId)!.payment.amount.value = '1.00';
    mollie.setStatus(paymentId, 'paid');
    expect((await notify(paymentId).expect(200)).body.outcome).toBe('amount_mismatch');
    expect((await orderOf(orderId)).status).toBe('unpaid');
  });

  it("404 for another customer's order, 409 for an order already paid", async () => {
    const { orderId, paymentId } = await unpaidInvoice();
    const stranger = await buyer(db());
    await request(app()).post('/api/checkout/mollie/invoice').set('Authorization', bearer(stranger.id)).send({ orderId }).expect(404);
    mollie.setStatus(paymentId, 'paid');
    await notify(paymentId).expect(200);
    const owner = (await orderOf(orderId)).user_id as number;
    const res = await request(app()).post('/api/checkout/mollie/invoice').set('Authorization', bearer(owner)).send({ orderId }).expect(409);
    expect(res.body.error).toBe('order_not_payable');
  });

  it('Mollie down: 502, the order stays unpaid, and a later attempt works', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const { orderId } = await startCardCheckout(app(), user.id, cartBody(product));
    mollie.down(true);
    try {
      const res = await request(app())
        .post('/api/checkout/mollie/invoice')
        .set('Authorization', bearer(user.id))
        .send({ orderId })
        .expect(502);
      expect(res.body).toMatchObject({ error: 'payment_provider_unavailable', orderId });
      expect(JSON.stringify(res.body)).not.toContain(mollie.apiKey);
      // A notification Mollie sends while its API is down cannot be checked: 503, Mollie retries later.
      await notify('tr_Whatever001').expect(503);
    } finally {
      mollie.down(false);
    }
    expect((await orderOf(orderId)).status).toBe('unpaid');
    await request(app()).post('/api/checkout/mollie/invoice').set('Authorization', bearer(user.id)).send({ orderId }).expect(200);
  });

  it('an orderId above 2147483647 or malformed is 400 naming the field, never 500; no payment is created', async () => {
    const user = await buyer(db());
    const before = mollie.payments.size;
    for (const orderId of [2147483648, '99999999999999999999', 'abc', 1.5, -3]) {
      const res = await request(app()).post('/api/checkout/mollie/invoice').set('Authorization', bearer(user.id)).send({ orderId });
      expect({ orderId, status: res.status, fields: Object.keys(res.body.fields), message: res.body.fields.orderId[0] }).toEqual({
        orderId,
        status: 400,
        fields: ['orderId'],
        message: 'checkout.errors.order',
      });
    }
    expect(mollie.payments.size).toBe(before);
  });
});
