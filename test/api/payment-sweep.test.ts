import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createJobQueue } from '../../server/jobs/job-queue';
import { createReservationExpiry } from '../../server/modules/orders/reservation-expiry';
import { orderPayments } from '../../server/modules/payments/order-payments';
import { createPaymentAdapters, type PaymentAdapters } from '../../server/providers/payments/index';
import { startMollieFake, type MollieFake } from '../fakes/mollie';
import { startPaypalFake, type PaypalFake } from '../fakes/paypal';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { bearer } from '../support/accounts';
import { createTestApp, createTestMailer, TEST_JWT_SECRET, TEST_PUBLIC_URL, testLogger } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { paymentJobs } from '../support/payment-jobs';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 20: every payment a provider takes ends as a paid order or a refund. Each case starts at
// the provider (its fake changes state on the movable clock, and sends its webhook only when the
// endpoint has that event enabled) and ends with the order paid, or cancelled with the money back.
// The reconciliation sweep (one slot = one call of sweep()) is the guarantee when no webhook comes.

let database: TestDatabase;
let stripe: StripeFake;
let paypal: PaypalFake;
let mollie: MollieFake;
let clock: MovableClock;
let adapters: PaymentAdapters;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createMovableClock(new Date());
  stripe = await startStripeFake({ clock });
  paypal = await startPaypalFake({ clock });
  mollie = startMollieFake({ clock });
  adapters = createPaymentAdapters(config(), { db: database.db, publicUrl: TEST_PUBLIC_URL, jwtSecret: TEST_JWT_SECRET });
});
afterAll(async () => {
  mollie.stop();
  await paypal.close();
  await stripe.close();
  await database.destroy();
});

function config() {
  return {
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase },
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId: paypal.webhookId, apiBase: paypal.apiBase },
    mollie: { apiKey: mollie.apiKey, apiBase: mollie.apiBase },
  };
}

const db = () => database.db;
const app = () => createTestApp(db(), { clock, config: config() });
const jobs = () => paymentJobs(db(), adapters, clock);
const orderOf = (id: number) => db()('orders').where({ id }).first();
const sessionOf = (ref: string) => db()('payment_sessions').where({ provider_ref: ref }).first();
const minutes = (n: number) => clock.advance({ minutes: n });

/** Posts a delivery to the app's webhook route and answers the status, as the provider sees it. */
const post = (provider: string) => async (delivery: { body: string; headers: Record<string, string> }) =>
  (await request(app()).post(`/api/webhooks/${provider}`).set(delivery.headers).send(delivery.body)).status;
const postMollie = async (id: string) => (await request(app()).post('/api/webhooks/mollie').type('form').send({ id })).status;

async function stripeCheckout() {
  const user = await buyer(db());
  const product = await buildSellableProduct(db());
  const res = await request(app()).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(cartBody(product)).expect(201);
  return { user, orderId: res.body.orderId as number, sessionId: [...stripe.sessions.keys()].at(-1)!, total: totalFor(product) };
}

async function paypalCheckout() {
  const user = await buyer(db());
  const product = await buildSellableProduct(db());
  const res = await request(app())
    .post('/api/payment/create-order')
    .set('Authorization', bearer(user.id))
    .send({ userId: user.id, items: [{ productId: product.id, qty: 1 }], amount: totalFor(product) })
    .expect(201);
  const orderId = res.body.order.id as number;
  return { user, orderId, paypalOrderId: (await orderOf(orderId)).provider_ref as string };
}

async function mollieCheckout() {
  const user = await buyer(db());
  const product = await buildSellableProduct(db());
  const { orderId } = await startCardCheckout(app(), user.id, cartBody(product));
  await request(app()).post('/api/checkout/mollie/invoice').set('Authorization', bearer(user.id)).send({ orderId }).expect(200);
  return { user, orderId, paymentId: [...mollie.payments.keys()].at(-1)!, total: totalFor(product) };
}

/** The reservation-expiry job's pass, as the worker runs it every minute. */
const expireReservations = () =>
  createReservationExpiry({
    db: db(),
    jobs: createJobQueue(db(), testLogger()),
    payments: orderPayments,
    mailer: createTestMailer(db()),
    clock,
    logger: testLogger(),
  }).sweep();

async function cancelByStaff(orderId: number) {
  const admin = await buildStaff(db(), 'admin');
  await request(app()).post(`/api/admin/orders/${orderId}/cancel`).set('Authorization', staffBearer(admin.id)).send({}).expect(200);
}

describe('Stripe: delayed methods and expired sessions', () => {
  it('a SEPA payment completed unpaid settles by the sweep when only checkout.session.completed is enabled', async () => {
    stripe.enableEvents(['checkout.session.completed']);
    const { orderId, sessionId } = await stripeCheckout();
    stripe.completeSession(sessionId, 'unpaid');
    expect(await stripe.deliverWebhooks(post('stripe'))).toHaveLength(1);
    expect((await orderOf(orderId)).status).toBe('unpaid'); // completed, not paid yet

    minutes(5);
    await jobs().sweep();
    expect((await orderOf(orderId)).status).toBe('unpaid'); // still settling at Stripe

    stripe.settleAsync(sessionId, 'succeeded'); // async_payment_succeeded is not enabled: no webhook
    expect(stripe.pendingWebhooks).toHaveLength(0);
    minutes(5);
    await jobs().sweep();
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', payment_method: 'card', provider_ref: sessionId });
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    expect((await sessionOf(sessionId)).status).toBe('paid');
  });

  it('with async_payment_succeeded enabled the webhook pays first, and the sweep adds nothing', async () => {
    stripe.enableEvents(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
    const { orderId, sessionId } = await stripeCheckout();
    stripe.completeSession(sessionId, 'unpaid');
    stripe.settleAsync(sessionId, 'succeeded');
    await stripe.deliverWebhooks(post('stripe'));
    expect((await orderOf(orderId)).status).toBe('pending');
    minutes(5);
    await jobs().sweep();
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
  });

  it('a SEPA debit that fails with no webhook: the sweep reads the failed intent and closes the checkout; the order is cancelled, nothing taken', async () => {
    stripe.enableEvents(['checkout.session.completed']);
    const { orderId, sessionId } = await stripeCheckout();
    stripe.completeSession(sessionId, 'unpaid');
    await stripe.deliverWebhooks(post('stripe'));
    minutes(5);
    await jobs().sweep();
    expect(await sessionOf(sessionId)).toMatchObject({ status: 'open', provider_state: 'pending' });

    stripe.settleAsync(sessionId, 'failed'); // the debit bounced; async_payment_failed is not enabled
    expect(stripe.pendingWebhooks).toHaveLength(0);
    expect(stripe.sessions.get(sessionId)!.session).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    minutes(5);
    await jobs().sweep();
    expect((await sessionOf(sessionId)).status).toBe('closed'); // not asked for 35 days, not listed as pending
    expect(
      await db()('audit_log')
        .where({ entity_id: String(orderId), action: 'payment.failed' })
        .first(),
    ).toBeTruthy();
    expect((await orderOf(orderId)).status).toBe('unpaid'); // the customer may still pay another way until the deadline

    clock.advance({ hours: 1 }); // past the reservation: the lifecycle cancels it
    await expireReservations();
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'reservation_expired' });
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
    expect(await countRows(db(), 'payment_refunds', { order_id: orderId })).toBe(0);
    const checks = (await sessionOf(sessionId)).checks;
    clock.advance({ hours: 2 });
    await jobs().sweep();
    expect((await sessionOf(sessionId)).checks).toBe(checks); // closed: never asked again
  });

  it('with async_payment_failed enabled the webhook records the failure, and the order ends cancelled all the same', async () => {
    stripe.enableEvents(['checkout.session.completed', 'checkout.session.async_payment_failed']);
    const { orderId, sessionId } = await stripeCheckout();
    stripe.completeSession(sessionId, 'unpaid');
    stripe.settleAsync(sessionId, 'failed');
    const delivered = await stripe.deliverWebhooks(post('stripe'));
    expect(delivered.map((d) => d.type)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_failed']);
    expect(await db()('webhook_events').where({ provider: 'stripe', order_id: orderId }).pluck('outcome')).toContain('payment_failed');
    minutes(5);
    await jobs().sweep();
    expect((await sessionOf(sessionId)).status).toBe('closed');
    clock.advance({ hours: 1 });
    await expireReservations();
    expect((await orderOf(orderId)).status).toBe('cancelled');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
  });

  it('a session that expires at Stripe is closed by the sweep; nothing was taken', async () => {
    stripe.enableEvents([]);
    const { orderId, sessionId } = await stripeCheckout();
    clock.advance({ hours: 25 });
    await jobs().sweep();
    expect((await sessionOf(sessionId)).status).toBe('closed');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
  });

  it('paid on a page left open after staff cancelled the order, no webhook: the sweep records it and it is refunded', async () => {
    stripe.enableEvents([]);
    const { user, orderId, sessionId, total } = await stripeCheckout();
    await cancelByStaff(orderId);
    const session = stripe.completeSession(sessionId); // before the close job expired it
    minutes(5);
    await jobs().sweep();
    expect((await orderOf(orderId)).status).toBe('cancelled');
    await jobs().refundPayments(orderId);
    await jobs().refundPayments(orderId); // a retried job: refunded once, mailed once
    const refunds = [...stripe.refunds.values()].filter((r) => r.refund.payment_intent === session.payment_intent);
    expect(refunds.map((r) => r.refund.amount)).toEqual([total]);
    expect(await db()('payments').where({ order_id: orderId }).first()).toMatchObject({ status: 'refunded' });
    // The customer is told, with the provider's refund reference; the audit says it too.
    const mails = await db()('mail_outbox').where({ to_email: user.email, template: 'payment_refunded' });
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain(refunds[0]!.refund.id);
    expect(mails[0].subject).toContain(String(orderId));
    expect(
      await db()('audit_log')
        .where({ entity_id: String(orderId), action: 'payment.refunded' })
        .first(),
    ).toBeTruthy();
  });
});

describe('PayPal: approved orders, pending captures, the approval window', () => {
  it('approved but the return page failed and CHECKOUT.ORDER.APPROVED is not enabled: the sweep captures, once', async () => {
    paypal.enableEvents([]);
    const { orderId, paypalOrderId } = await paypalCheckout();
    paypal.approve(paypalOrderId);
    minutes(5);
    await jobs().sweep();
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', payment_method: 'paypal' });
    expect(paypal.orders.get(paypalOrderId)!.order.status).toBe('COMPLETED');
    minutes(5);
    await jobs().sweep();
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
  });

  it('the page-view re-check captures an APPROVED order too', async () => {
    const { user, orderId, paypalOrderId } = await paypalCheckout();
    paypal.approve(paypalOrderId);
    const res = await request(app()).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(res.body.order.status).toBe('pending');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
  });

  it('a PENDING capture settles by the sweep when PAYMENT.CAPTURE.COMPLETED never comes', async () => {
    paypal.enableEvents([]);
    const { orderId, paypalOrderId } = await paypalCheckout();
    paypal.approve(paypalOrderId, 'PENDING');
    await request(app()).get(`/api/payment/paypal/return?orderId=${orderId}&lng=fr&token=${paypalOrderId}`).expect(303);
    expect((await orderOf(orderId)).status).toBe('unpaid'); // captured, but the money is under review

    const capture = paypal.orders.get(paypalOrderId)!.order.purchase_units[0]!.payments!.captures[0]!;
    expect(capture).toMatchObject({ status: 'PENDING', status_details: { reason: 'PENDING_REVIEW' } });
    minutes(5);
    await jobs().sweep();
    expect((await orderOf(orderId)).status).toBe('unpaid');

    paypal.settleCapture(capture.id);
    minutes(5);
    await jobs().sweep();
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
  });

  it('the PAYMENT.CAPTURE.COMPLETED webhook, when enabled, pays a pending capture (retried after a refusal)', async () => {
    paypal.enableEvents(['PAYMENT.CAPTURE.COMPLETED']);
    const { orderId, paypalOrderId } = await paypalCheckout();
    paypal.approve(paypalOrderId, 'PENDING');
    await request(app()).get(`/api/payment/paypal/return?orderId=${orderId}&lng=fr&token=${paypalOrderId}`).expect(303);
    const capture = paypal.orders.get(paypalOrderId)!.order.purchase_units[0]!.payments!.captures[0]!;
    paypal.settleCapture(capture.id);
    let refused = false;
    const send = async (delivery: { body: string; headers: Record<string, string> }) => {
      if (!refused) {
        refused = true;
        return 503; // the shop was restarting: PayPal retries
      }
      return post('paypal')(delivery);
    };
    expect(await paypal.deliverWebhooks(send)).toHaveLength(1);
    expect((await orderOf(orderId)).status).toBe('pending');
    paypal.enableEvents([]);
  });

  it('past the approval window the link is not shown, and the sweep closes the checkout', async () => {
    const { user, orderId, paypalOrderId } = await paypalCheckout();
    const fresh = await request(app()).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(fresh.body.order.paypalUrl).toContain(paypalOrderId);

    clock.advance({ hours: 3, minutes: 1 });
    const stale = await request(app()).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(stale.body.order.paypalUrl).toBeNull();
    const list = await request(app()).get('/api/vps/orders').set('Authorization', bearer(user.id)).expect(200);
    expect(list.body.orders.find((o: { id: number }) => o.id === orderId).paypalUrl).toBeNull();

    await jobs().sweep();
    expect((await sessionOf(paypalOrderId)).status).toBe('closed');
    expect((await orderOf(orderId)).status).toBe('unpaid');

    // "Payer" opens a fresh PayPal order for it, whose link is shown again (an order still payable:
    // here one that holds no stock, as a renewal invoice; a lapsed reservation answers 409 instead).
    await db()('orders').where({ id: orderId }).update({ reserved_until: null });
    const again = await request(app()).post('/api/checkout/paypal/order').set('Authorization', bearer(user.id)).send({ orderId });
    expect(again.status).toBe(200);
    const fresh2 = (await orderOf(orderId)).provider_ref as string;
    expect(fresh2).not.toBe(paypalOrderId);
    expect(again.body.order.paypalUrl).toContain(fresh2);
    const shown = await request(app()).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(shown.body.order.paypalUrl).toBe(again.body.order.paypalUrl);
  });
});

describe('Mollie: authorized holds', () => {
  it('a hold notified by its webhook is captured by the settle job after the answer, and the order paid once', async () => {
    const { orderId, paymentId } = await mollieCheckout();
    mollie.setStatus(paymentId, 'authorized');
    expect(await mollie.deliverWebhooks(postMollie)).toEqual([paymentId]); // authorized: recorded, capture queued
    expect(mollie.captures.has(paymentId)).toBe(false);
    expect((await orderOf(orderId)).status).toBe('unpaid');

    await jobs().settlePayments(orderId);
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(mollie.payments.get(paymentId)!.payment.status).toBe('paid');
    expect(await mollie.deliverWebhooks(postMollie)).toEqual([paymentId]); // Mollie's "paid" adds nothing
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
  });

  it('a hold whose webhook was lost is captured by the sweep before captureBefore', async () => {
    const { orderId, paymentId } = await mollieCheckout();
    const held = mollie.setStatus(paymentId, 'authorized');
    mollie.pendingWebhooks.length = 0; // lost
    expect(Date.parse(held.captureBefore!)).toBeGreaterThan(clock.now().getTime());
    minutes(5);
    await jobs().sweep();
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(mollie.captures.get(paymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('a hold on an order cancelled meanwhile is released, never captured', async () => {
    const { orderId, paymentId } = await mollieCheckout();
    await cancelByStaff(orderId);
    mollie.setStatus(paymentId, 'authorized');
    mollie.pendingWebhooks.length = 0;
    minutes(5);
    await jobs().sweep();
    expect(mollie.payments.get(paymentId)!.payment.status).toBe('canceled');
    expect(mollie.captures.has(paymentId)).toBe(false);
    expect((await sessionOf(paymentId)).status).toBe('closed');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
  });
});

describe('the sweep itself', () => {
  it('asks young checkouts every 5 minutes, older ones hourly', async () => {
    const { paypalOrderId } = await paypalCheckout(); // PayPal keeps it 3 h
    const checks = async () => Number((await sessionOf(paypalOrderId)).checks);
    await jobs().sweep();
    const first = await checks();
    minutes(5);
    await jobs().sweep();
    expect(await checks()).toBe(first + 1);
    clock.advance({ hours: 1 }); // now older than an hour
    await jobs().sweep();
    minutes(5);
    await jobs().sweep();
    expect(await checks()).toBe(first + 2); // not asked again within the hour
    clock.advance({ hours: 1 });
    await jobs().sweep();
    expect(await checks()).toBe(first + 3);
  });

  it('a sweep that crashes after settling, then runs again, settles once; two at once ask once', async () => {
    stripe.enableEvents([]);
    const { orderId, sessionId } = await stripeCheckout();
    stripe.completeSession(sessionId);
    minutes(5);
    await expect(
      jobs().sweepWith((settle) => async (event) => {
        await settle(event);
        throw new Error('worker killed'); // after the commit, before the sweep noted anything
      }),
    ).resolves.toMatchObject({ failed: expect.any(Number) });
    minutes(5);
    await Promise.all([jobs().sweep(), jobs().sweep()]);
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    expect(await db()('orders').where({ id: orderId }).whereNotNull('invoice_number').first()).toBeTruthy();
  });
});
