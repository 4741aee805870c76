import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentAdapters, type PaymentAdapters } from '../../server/providers/payments/index';
import { startMollieFake, type MollieFake } from '../fakes/mollie';
import { startPaypalFake, type PaypalFake } from '../fakes/paypal';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_JWT_SECRET, TEST_PUBLIC_URL, testConfig } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { paymentJobs } from '../support/payment-jobs';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 15 item 9: an order paid one way (wallet, bank transfer) while a provider's checkout is
// still open. The open checkouts are closed at the providers (their fakes) by the job the payment
// queued, and money that still arrives is refunded through the provider's refund call.

let database: TestDatabase;
let stripe: StripeFake;
let mollie: MollieFake;
let paypal: PaypalFake;
let live: PaymentAdapters;
let sandbox: PaymentAdapters;

beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripeFake();
  mollie = startMollieFake();
  paypal = await startPaypalFake();
  const providers = testConfig({
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase },
    mollie: { apiKey: mollie.apiKey, apiBase: mollie.apiBase },
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId: paypal.webhookId, apiBase: paypal.apiBase },
  });
  const deps = { db: database.db, publicUrl: TEST_PUBLIC_URL, jwtSecret: TEST_JWT_SECRET };
  live = createPaymentAdapters(providers, deps);
  sandbox = createPaymentAdapters(testConfig(), deps);
});
afterAll(async () => {
  mollie.stop();
  await stripe.close();
  await paypal.close();
  await database.destroy();
});

const db = () => database.db;
/** The app with the three providers on their fakes. */
const app = () => createTestApp(db(), { paymentAdapters: live });
const sandboxApp = () => createTestApp(db(), { paymentAdapters: sandbox });
const orderOf = (id: number) => db()('orders').where({ id }).first();
const walletOf = async (userId: number) => Number((await db()('users').where({ id: userId }).first()).wallet_cents);
const sessionsOf = (orderId: number) => db()('payment_sessions').where({ order_id: orderId }).orderBy('id');
const auditOf = (orderId: number, action: string) => db()('audit_log').where({ entity_type: 'order', entity_id: String(orderId), action });

/** A customer with money in the wallet and an unpaid card order whose Stripe Checkout page is open. */
async function openCardCheckout() {
  const user = await buyer(db(), { wallet_cents: 100_000 });
  const product = await buildSellableProduct(db());
  const res = await request(app()).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(cartBody(product)).expect(201);
  const orderId = res.body.orderId as number;
  const sessionId = (await orderOf(orderId)).provider_ref as string;
  return { user, orderId, total: totalFor(product), sessionId, checkoutUrl: res.body.checkoutUrl as string };
}

/** The same order also opened for payment through Mollie from the panel. */
async function openMolliePayment(userId: number, orderId: number): Promise<string> {
  await request(app()).post('/api/checkout/mollie/invoice').set('Authorization', bearer(userId)).send({ orderId }).expect(200);
  return (await orderOf(orderId)).provider_ref as string;
}

const payFromWallet = (userId: number, orderId: number) =>
  request(app()).post(`/api/orders/${orderId}/pay-with-wallet`).set('Authorization', bearer(userId)).expect(200);

/** The wallet payment while Stripe answers 503: its page could not be closed at once and stays open for the job. */
async function payFromWalletWhileStripeDown(userId: number, orderId: number) {
  stripe.down(true);
  try {
    await payFromWallet(userId, orderId);
  } finally {
    stripe.down(false);
  }
}

/** Polls until `done` (the slow provider call finishing in the background), at most 10 s. */
async function waitUntil(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('still waiting after 10 s');
}

const deliverStripe = (event: { body: string; headers: Record<string, string> }) =>
  request(app()).post('/api/webhooks/stripe').set(event.headers).set('Content-Type', 'application/json').send(event.body).expect(200);

const notifyMollie = (id: string) => request(app()).post('/api/webhooks/mollie').type('form').send({ id }).expect(200);

describe('an order paid from the wallet while provider checkouts are open', () => {
  it('expires the Stripe session and cancels the Mollie payment right after the wallet payment commits, before answering', async () => {
    const { user, orderId, total, sessionId, checkoutUrl } = await openCardCheckout();
    const paymentId = await openMolliePayment(user.id, orderId);
    mollie.payments.get(paymentId)!.payment.isCancelable = true; // a method Mollie lets us cancel while open

    await payFromWallet(user.id, orderId);

    // Issue 29 item 9: when the wallet answers, neither page can take the price a second time.
    const expire = stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`);
    expect(expire).toHaveLength(1);
    expect(expire[0]?.method).toBe('POST');
    expect(stripe.sessions.get(sessionId)?.session.status).toBe('expired');
    expect((await fetch(checkoutUrl, { redirect: 'manual' })).status).toBe(404); // the page no longer pays
    expect(mollie.requests.filter((r) => r.method === 'DELETE' && r.path === `/v2/payments/${paymentId}`)).toHaveLength(1);
    expect(mollie.payments.get(paymentId)?.payment.status).toBe('canceled');
    expect(mollie.payments.get(paymentId)?.payment._links.checkout).toBeUndefined();
    expect((await sessionsOf(orderId)).map((s) => [s.provider, s.status])).toEqual([
      ['stripe', 'closed'],
      ['mollie', 'closed'],
    ]);
    expect(await auditOf(orderId, 'payment.checkout_closed')).toHaveLength(2);

    // The job the payment queued stays the fallback: it finds nothing left open and calls nobody again.
    expect(await paymentJobs(db(), live).closeJobs(orderId)).toEqual([{ orderId }]);
    await paymentJobs(db(), live).closeOpenPayments(orderId);
    expect(stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);
    expect(mollie.requests.filter((r) => r.method === 'DELETE' && r.path === `/v2/payments/${paymentId}`)).toHaveLength(1);
    expect(await auditOf(orderId, 'payment.checkout_closed')).toHaveLength(2);
    expect(await walletOf(user.id)).toBe(100_000 - total);
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
  });

  it('a Stripe that takes 5 s to answer does not hold the wallet answer: it comes first, and the job closes the page', async () => {
    const { user, orderId, sessionId } = await openCardCheckout();

    stripe.slow(5_000);
    try {
      await payFromWallet(user.id, orderId);
    } finally {
      stripe.slow(0); // a call already received keeps its 5 s
    }
    // Answered while Stripe still sat on the expire call (it answers 5 s after receiving it).
    expect(stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);
    expect(stripe.sessions.get(sessionId)?.session.status).toBe('open');
    expect((await orderOf(orderId)).status).toBe('pending');

    await paymentJobs(db(), live).closeOpenPayments(orderId); // the fallback, on time now
    expect(stripe.sessions.get(sessionId)?.session.status).toBe('expired');
    expect(await sessionsOf(orderId)).toMatchObject([{ status: 'closed' }]);
    // The slow call ends too: it records its own outcome beside the job's, and changes nothing.
    await waitUntil(async () => (await auditOf(orderId, 'payment.checkout_closed')).length === 2);
    expect(stripe.sessions.get(sessionId)?.session.status).toBe('expired');
    expect(await sessionsOf(orderId)).toMatchObject([{ status: 'closed' }]);
  });

  it('closes the sandbox checkout page: paying on it afterwards is refused and takes nothing', async () => {
    const user = await buyer(db(), { wallet_cents: 100_000 });
    const product = await buildSellableProduct(db());
    const { orderId, checkoutId } = await startCardCheckout(sandboxApp(), user.id, cartBody(product));
    await request(sandboxApp()).post(`/api/orders/${orderId}/pay-with-wallet`).set('Authorization', bearer(user.id)).expect(200);

    await paymentJobs(db(), sandbox).closeOpenPayments(orderId);

    const page = await request(sandboxApp()).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(409);
    expect(page.body.error).toBe('checkout_closed');
    expect((await db()('sandbox_checkouts').where({ id: checkoutId }).first()).status).toBe('cancelled');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
    expect(await countRows(db(), 'webhook_events', { order_id: orderId })).toBe(0);
    expect((await orderOf(orderId)).status).toBe('pending');
  });

  it('a Stripe payment made before the session was closed is refunded through Stripe: the customer pays once', async () => {
    const { user, orderId, total, sessionId } = await openCardCheckout();
    await payFromWalletWhileStripeDown(user.id, orderId);
    const session = stripe.completeSession(sessionId); // paid on the page before the close job ran

    const event = stripe.signedEvent('checkout.session.completed', sessionId);
    expect((await deliverStripe(event)).body.outcome).toBe('paid_twice');
    await paymentJobs(db(), live).closeOpenPayments(orderId); // finds it paid: nothing recorded twice
    await paymentJobs(db(), live).refundPayments(orderId);

    const refunds = [...stripe.refunds.values()].filter((r) => r.refund.payment_intent === session.payment_intent);
    expect(refunds.map((r) => [r.refund.amount, r.refund.currency, r.refund.status])).toEqual([[total, 'eur', 'succeeded']]);
    const [row] = await db()('payment_refunds').where({ order_id: orderId });
    expect(row).toMatchObject({ provider: 'stripe', provider_payment_id: sessionId, reason: 'paid_twice', status: 'refunded' });
    expect(row.provider_refund_id).toBe(refunds[0]?.refund.id);
    expect(await db()('payments').where({ order_id: orderId }).select('provider', 'status')).toEqual([
      { provider: 'stripe', status: 'refunded' },
    ]);
    expect((await auditOf(orderId, 'payment.received_twice'))[0].after).toMatchObject({ refundId: row.id });
    expect((await auditOf(orderId, 'payment.refunded'))[0].after).toMatchObject({ amountCents: total, reason: 'paid_twice' });
    expect(await walletOf(user.id)).toBe(100_000 - total); // charged once: the wallet, and Stripe gave its payment back

    // Stripe delivers the event again, and the job runs again: still one refund.
    expect((await deliverStripe(event)).body.outcome).toBe('duplicate');
    await paymentJobs(db(), live).refundPayments(orderId);
    expect([...stripe.refunds.values()].filter((r) => r.refund.payment_intent === session.payment_intent)).toHaveLength(1);
  });

  it('a payment whose notification never comes is found by the close job, recorded and refunded', async () => {
    const { user, orderId, total, sessionId } = await openCardCheckout();
    await payFromWalletWhileStripeDown(user.id, orderId);
    const session = stripe.completeSession(sessionId); // paid at Stripe; the webhook is lost

    await paymentJobs(db(), live).closeOpenPayments(orderId);

    expect(await sessionsOf(orderId)).toMatchObject([{ status: 'paid' }]);
    expect(await db()('webhook_events').where({ order_id: orderId }).select('outcome')).toEqual([{ outcome: 'paid_twice' }]);
    await paymentJobs(db(), live).refundPayments(orderId);
    const refunds = [...stripe.refunds.values()].filter((r) => r.refund.payment_intent === session.payment_intent);
    expect(refunds.map((r) => r.refund.amount)).toEqual([total]);
  });

  it('a Mollie payment Mollie would not cancel, paid anyway, is refunded through Mollie', async () => {
    const { user, orderId, total } = await openCardCheckout();
    const paymentId = await openMolliePayment(user.id, orderId); // open card payment: not cancellable at Mollie
    await payFromWallet(user.id, orderId);
    await paymentJobs(db(), live).closeOpenPayments(orderId);
    expect((await sessionsOf(orderId)).map((s) => s.status)).toEqual(['closed', 'expiring']);

    mollie.setStatus(paymentId, 'paid');
    expect((await notifyMollie(paymentId)).body.outcome).toBe('paid_twice');
    await paymentJobs(db(), live).refundPayments(orderId);

    const refunds = [...mollie.refunds.values()].filter((r) => r.refund.paymentId === paymentId);
    expect(refunds.map((r) => r.refund.amount)).toEqual([{ currency: 'EUR', value: (total / 100).toFixed(2) }]);
    expect(await db()('payment_refunds').where({ order_id: orderId }).first()).toMatchObject({
      status: 'refunded',
      provider_status: 'pending',
    });
  });

  it('an approved PayPal order is not captured once the order is paid: no second payment is taken', async () => {
    const user = await buyer(db(), { wallet_cents: 100_000 });
    const product = await buildSellableProduct(db());
    const created = await request(app())
      .post('/api/payment/create-order')
      .set('Authorization', bearer(user.id))
      .send({ items: [{ productId: product.id, qty: 1 }], amount: totalFor(product) })
      .expect(201);
    const orderId = created.body.order.id as number;
    const paypalOrderId = (await orderOf(orderId)).provider_ref as string;
    await payFromWallet(user.id, orderId);
    await paymentJobs(db(), live).closeOpenPayments(orderId);
    expect((await sessionsOf(orderId)).map((s) => s.status)).toEqual(['closed']);

    paypal.approve(paypalOrderId); // the buyer still approves on the page left open
    const signed = paypal.signedWebhook(paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', paypal.orders.get(paypalOrderId)!.order));
    const answer = await request(app())
      .post('/api/webhooks/paypal')
      .set(signed.headers)
      .set('Content-Type', 'application/json')
      .send(signed.body);
    expect(answer.body).toEqual({ received: true, outcome: 'queued' });
    await paymentJobs(db(), live).settlePayments(orderId);
    await request(app()).get(`/api/payment/paypal/return?orderId=${orderId}&lng=fr&token=${paypalOrderId}`).expect(303);

    expect(paypal.requests.some((r) => r.path === `/v2/checkout/orders/${paypalOrderId}/capture`)).toBe(false);
    expect(paypal.orders.get(paypalOrderId)?.order.purchase_units[0]?.payments).toBeUndefined();
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
  });
});

describe('money that arrives after the order was settled another way', () => {
  it('a payment for an order cancelled meanwhile is refunded through the provider (paid_after_cancel)', async () => {
    const { orderId, total, sessionId } = await openCardCheckout();
    const admin = await buildStaff(db(), 'admin');
    await request(app()).post(`/api/admin/orders/${orderId}/cancel`).set('Authorization', staffBearer(admin.id)).send({}).expect(200);
    const session = stripe.completeSession(sessionId);

    expect((await deliverStripe(stripe.signedEvent('checkout.session.completed', sessionId))).body.outcome).toBe('paid_after_cancel');
    await paymentJobs(db(), live).refundPayments(orderId);

    const refunds = [...stripe.refunds.values()].filter((r) => r.refund.payment_intent === session.payment_intent);
    expect(refunds.map((r) => r.refund.amount)).toEqual([total]);
    expect(await db()('payment_refunds').where({ order_id: orderId }).first()).toMatchObject({
      reason: 'paid_after_cancel',
      status: 'refunded',
    });
    expect(await auditOf(orderId, 'payment.received_after_cancel')).toHaveLength(1);
    expect((await orderOf(orderId)).status).toBe('cancelled');
  });

  it('a refund the provider refuses is kept with its error, audited, and goes through when the job is retried', async () => {
    const { user, orderId, total, sessionId } = await openCardCheckout();
    await payFromWalletWhileStripeDown(user.id, orderId);
    const session = stripe.completeSession(sessionId);
    await deliverStripe(stripe.signedEvent('checkout.session.completed', sessionId));

    stripe.down(true);
    try {
      await expect(paymentJobs(db(), live).refundPayments(orderId)).rejects.toThrow(/503/);
    } finally {
      stripe.down(false);
    }
    expect(await db()('payment_refunds').where({ order_id: orderId }).first()).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringContaining('503'),
    });
    expect((await auditOf(orderId, 'payment.refund_failed'))[0].after).toMatchObject({ amountCents: total, retried: true });

    await paymentJobs(db(), live).refundPayments(orderId); // pg-boss's retry
    expect(await db()('payment_refunds').where({ order_id: orderId }).first()).toMatchObject({ status: 'refunded', attempts: 2 });
    expect([...stripe.refunds.values()].filter((r) => r.refund.payment_intent === session.payment_intent)).toHaveLength(1);
  });

  it('a provider down while closing leaves the session open with the error; the retried job closes it', async () => {
    const { user, orderId, sessionId } = await openCardCheckout();
    await payFromWalletWhileStripeDown(user.id, orderId);

    stripe.down(true);
    try {
      await expect(paymentJobs(db(), live).closeOpenPayments(orderId)).rejects.toThrow(/not closed/);
    } finally {
      stripe.down(false);
    }
    expect(await sessionsOf(orderId)).toMatchObject([{ status: 'open', last_error: expect.stringContaining('503') }]);

    await paymentJobs(db(), live).closeOpenPayments(orderId);
    expect(await sessionsOf(orderId)).toMatchObject([{ status: 'closed', last_error: null }]);
    expect(stripe.sessions.get(sessionId)?.session.status).toBe('expired');
  });

  it('a bank transfer marked received closes the card checkout too', async () => {
    const { orderId, sessionId } = await openCardCheckout();
    const admin = await buildStaff(db(), 'admin');
    await request(app()).post(`/api/admin/orders/${orderId}/mark-paid`).set('Authorization', staffBearer(admin.id)).send({}).expect(200);

    await paymentJobs(db(), live).closeOpenPayments(orderId);

    expect(stripe.sessions.get(sessionId)?.session.status).toBe('expired');
    expect(await sessionsOf(orderId)).toMatchObject([{ status: 'closed' }]);
  });

  it('an order cancelled by staff closes its card checkout: the page takes no payment', async () => {
    const { orderId, sessionId } = await openCardCheckout();
    const admin = await buildStaff(db(), 'admin');
    await request(app()).post(`/api/admin/orders/${orderId}/cancel`).set('Authorization', staffBearer(admin.id)).send({}).expect(200);

    expect(await paymentJobs(db(), live).closeJobs(orderId)).toHaveLength(1);
    await paymentJobs(db(), live).closeOpenPayments(orderId);

    expect(stripe.sessions.get(sessionId)?.session.status).toBe('expired');
    expect(await sessionsOf(orderId)).toMatchObject([{ status: 'closed' }]);
  });

  it('the checkout that paid the order is not closed again, and paying it adds no close job for itself', async () => {
    const { orderId, sessionId } = await openCardCheckout();
    stripe.completeSession(sessionId);
    expect((await deliverStripe(stripe.signedEvent('checkout.session.completed', sessionId))).body.outcome).toBe('paid');

    expect(await sessionsOf(orderId)).toMatchObject([{ status: 'paid' }]);
    expect(await paymentJobs(db(), live).closeJobs(orderId)).toEqual([]);
  });
});
