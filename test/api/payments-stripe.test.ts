import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';

// Card checkout with the real Stripe SDK against the local Stripe fake (STRIPE_API_BASE).

let database: TestDatabase;
let stripe: StripeFake;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripeFake();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await stripe.close();
  await database.destroy();
});

const db = () => database.db;
const app = () =>
  responses.record(
    createTestApp(database.db, {
      config: { stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase } },
    }),
  );
const orderOf = (id: number) => db()('orders').where({ id }).first();

async function checkout() {
  const user = await buyer(db());
  const product = await buildSellableProduct(db());
  const res = await request(app())
    .post('/api/checkout/stripe')
    .set('Authorization', bearer(user.id))
    .send(cartBody(product, 1, { lng: 'en' }))
    .expect(201);
  const sessionId = [...stripe.sessions.keys()].at(-1)!;
  return { user, product, orderId: res.body.orderId as number, checkoutUrl: res.body.checkoutUrl as string, sessionId };
}

const deliver = (event: { body: string; headers: Record<string, string> }) =>
  request(app()).post('/api/webhooks/stripe').set(event.headers).set('Content-Type', 'application/json').send(event.body);

describe('Stripe Checkout', () => {
  it('creates a Checkout session with the server total, the order reference and the return pages', async () => {
    const { orderId, checkoutUrl, sessionId, product } = await checkout();
    const { request: sent, session } = stripe.sessions.get(sessionId)!;
    expect(checkoutUrl).toBe(session.url);
    expect(sent).toMatchObject({
      mode: 'payment',
      client_reference_id: String(orderId),
      metadata: { orderId: String(orderId) },
      success_url: `${TEST_PUBLIC_URL}/en/payment/success?orderId=${orderId}`,
      cancel_url: `${TEST_PUBLIC_URL}/en/payment/cancel?orderId=${orderId}`,
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: String(totalFor(product)) } }],
    });
    expect(stripe.requests.at(-1)!.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    const order = await orderOf(orderId);
    expect(order.provider_ref).toBe(sessionId);
    // The page ends with the order's stock reservation (to the second), not after Stripe's default day.
    expect(Math.abs(session.expires_at - order.reserved_until.getTime() / 1000)).toBeLessThanOrEqual(2);
  });

  it('checkout.session.completed (signed) marks the order paid once; a replay changes nothing', async () => {
    const { orderId, sessionId } = await checkout();
    stripe.completeSession(sessionId);
    const event = stripe.signedEvent('checkout.session.completed', sessionId);
    expect((await deliver(event).expect(200)).body.outcome).toBe('paid');
    expect((await deliver(event).expect(200)).body.outcome).toBe('duplicate');
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: 'pending', payment_method: 'card', provider_ref: sessionId });
    expect(await countRows(db(), 'payments', { order_id: orderId, provider: 'stripe' })).toBe(1);
  });

  it('50 concurrent deliveries of one Stripe event: one payment row, one status change', async () => {
    const { orderId, sessionId } = await checkout();
    stripe.completeSession(sessionId);
    const event = stripe.signedEvent('checkout.session.completed', sessionId);
    const application = app();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(application).post('/api/webhooks/stripe').set(event.headers).set('Content-Type', 'application/json').send(event.body),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.outcome === 'paid')).toHaveLength(1);
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    expect(await countRows(db(), 'audit_log', { entity_id: String(orderId), action: 'order.paid' })).toBe(1);
  });

  it('a bad signature is 400 and nothing changes', async () => {
    const { orderId, sessionId } = await checkout();
    stripe.completeSession(sessionId);
    const forged = stripe.signedEvent('checkout.session.completed', sessionId, { secret: 'whsec_forged' });
    expect((await deliver(forged).expect(400)).body.error).toBe('invalid_webhook');
    const genuine = stripe.signedEvent('checkout.session.completed', sessionId);
    await deliver({ body: genuine.body.replace('"paid"', '"paid" '), headers: genuine.headers }).expect(400);
    expect((await orderOf(orderId)).status).toBe('unpaid');
    expect(await countRows(db(), 'webhook_events', { order_id: orderId })).toBe(0);
  });

  it('an amount that differs from the order total is refused', async () => {
    const { orderId, sessionId } = await checkout();
    stripe.completeSession(sessionId);
    stripe.sessions.get(sessionId)!.session.amount_total = 100;
    const event = stripe.signedEvent('checkout.session.completed', sessionId);
    expect((await deliver(event).expect(200)).body.outcome).toBe('amount_mismatch');
    expect((await orderOf(orderId)).status).toBe('unpaid');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
  });

  it('an expired session leaves the order unpaid and payable', async () => {
    const { orderId, sessionId } = await checkout();
    stripe.expireSession(sessionId);
    expect((await deliver(stripe.signedEvent('checkout.session.expired', sessionId)).expect(200)).body.outcome).toBe('payment_cancelled');
    expect((await orderOf(orderId)).status).toBe('unpaid');
  });

  it('Stripe down: 502 with the order id, the order kept unpaid, and paying it later works', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    stripe.down(true);
    let res;
    try {
      res = await request(app()).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(cartBody(product)).expect(502);
    } finally {
      stripe.down(false);
    }
    expect(res.body).toMatchObject({ error: 'payment_provider_unavailable', orderId: expect.any(Number) });
    expect(JSON.stringify(res.body)).not.toContain(stripe.secretKey);
    const order = await orderOf(res.body.orderId);
    expect(order).toMatchObject({ status: 'unpaid', provider_ref: null });
    // The retry: the unpaid order is paid from the panel (Mollie runs its sandbox page here).
    const retry = await request(app())
      .post('/api/checkout/mollie/invoice')
      .set('Authorization', bearer(user.id))
      .send({ orderId: order.id })
      .expect(200);
    expect(retry.body.checkoutUrl).toContain('/sandbox-checkout/');
  });

  it('a paid session whose notification has not come is found when the return page asks; the late webhook adds nothing', async () => {
    const { user, orderId, sessionId } = await checkout();
    const before = await request(app()).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(before.body.order.status).toBe('unpaid');
    stripe.completeSession(sessionId);
    // A new app: the reconciler asks each order at most every few seconds per instance.
    const after = await request(app()).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(after.body.order).toMatchObject({ status: 'pending', invoice_number: expect.stringMatching(/^\d{4}-\d{6}$/) });
    const late = await deliver(stripe.signedEvent('checkout.session.completed', sessionId)).expect(200);
    expect(late.body.outcome).toBe('payment_already_recorded');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
  });

  it('with Stripe keys set there is no sandbox page for card payments', async () => {
    const { checkoutUrl } = await checkout();
    expect(checkoutUrl).not.toContain('/sandbox-checkout/');
  });
});
