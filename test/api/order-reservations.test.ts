import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createDb } from '../../server/db/knex';
import { createJobQueue, type JobQueue } from '../../server/jobs/job-queue';
import { createPaymentAdapters } from '../../server/providers/payments/index';
import { RESERVATION_EXPIRY_QUEUE } from '../../server/jobs/queues';
import type { Mailer } from '../../server/modules/mail/mail.service';
import { transitionOrder } from '../../server/modules/orders/order-lifecycle';
import { lockOrder } from '../../server/modules/orders/orders.repo';
import { MAX_UNPAID_ORDERS, PROVIDER_CHECKOUT_RESERVATION_MINUTES } from '../../server/modules/orders/reservation';
import { createReservationExpiry, type ReservationExpiry } from '../../server/modules/orders/reservation-expiry';
import { orderPayments } from '../../server/modules/payments/order-payments';
import { RESERVATION_EXPIRY_CRON, startReservationExpiry } from '../../server/modules/orders/reservation-expiry.job';
import { bearer } from '../support/accounts';
import {
  createTestApp,
  createTestMailer,
  TEST_BANK,
  TEST_JWT_SECRET,
  TEST_PUBLIC_URL,
  TEST_SELLER,
  testConfig,
  testLogger,
} from '../support/app';
import { createDocumentIssuer } from '../../server/modules/invoices/document-issuer';
import { buildUnpaidRenewal } from '../support/builders';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout, type TestProduct } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { paymentJobs } from '../support/payment-jobs';

// Issue 15, item 4: an unpaid order holds its stock for a bounded time (a provider checkout: one
// session's life; a bank transfer: until its due date), then the reservation-expiry job cancels it
// through the order lifecycle, gives the stock back, mails the customer and audits it. The clock is
// moved by hand; two workers (each on its own connection pool, as two instances) run the job.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PAYER = { accountIBAN: 'BE68539007547034', accountName: 'Camille Dubois' };

let database: TestDatabase;
let secondPool: Knex;
let clock: MovableClock;
let mailers: Mailer[];
let workers: ReservationExpiry[];
let app: ReturnType<typeof createTestApp>;
const db = () => database.db;
const sandboxAdapters = () => createPaymentAdapters(testConfig(), { db: db(), publicUrl: TEST_PUBLIC_URL, jwtSecret: TEST_JWT_SECRET });

beforeAll(async () => {
  database = await createTestDatabase();
  secondPool = createDb(database.url, { pool: { min: 0, max: 3 } });
  clock = createMovableClock(new Date('2030-03-04T09:00:00Z'));
  const pools = [database.db, secondPool];
  mailers = pools.map((pool) => createTestMailer(pool));
  workers = pools.map((pool, i) =>
    createReservationExpiry({
      db: pool,
      jobs: createJobQueue(pool, testLogger()),
      payments: orderPayments,
      mailer: mailers[i]!,
      clock,
      logger: testLogger(),
    }),
  );
  app = createTestApp(db(), { clock, mailer: mailers[0] });
});

afterAll(async () => {
  await Promise.all(mailers.map((m) => m.idle()));
  await secondPool.destroy();
  await database.destroy();
});

const stockOf = async (id: number) => Number((await db()('products').where({ id }).first('stock')).stock);
const orderRow = (id: number) => db()('orders').where({ id }).first();
const auditOf = (orderId: number, action: string) => db()('audit_log').where({ entity_type: 'order', entity_id: String(orderId), action });
const mailsOf = (email: string, template: string) => db()('mail_outbox').where({ to_email: email, template });

/** Both workers run the job at once, as two instances would. */
async function runJob() {
  const cancelled = await Promise.all(workers.map((w) => w.sweep()));
  await Promise.all(mailers.map((m) => m.idle()));
  return cancelled;
}

function placeBankTransfer(userId: number, product: TestProduct, qty = 1, on = app) {
  return request(on)
    .post('/api/checkout/bank-transfer')
    .set('Authorization', bearer(userId))
    .send({ ...cartBody(product, qty), ...PAYER });
}

const placeCard = (userId: number, product: TestProduct, qty = 1) =>
  request(app).post('/api/checkout/stripe').set('Authorization', bearer(userId)).send(cartBody(product, qty));

describe('the attack: one bank-transfer order for every unit', () => {
  it('sells the product out only until the due date; then the order is cancelled, the stock is back and another customer buys', async () => {
    const attacker = await buyer(db());
    const customer = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 3 });

    const placed = await placeBankTransfer(attacker.id, product, 3).expect(201);
    const orderId = placed.body.orderId as number;
    expect(await stockOf(product.id)).toBe(0);
    // The due date: 5 days by default, and the customer is told it.
    const dueAt = new Date(clock.now().getTime() + 5 * DAY);
    expect(placed.body.reservedUntil).toBe(dueAt.toISOString());

    // Before the due date the stock stays reserved, whatever the job does.
    clock.set(new Date(dueAt.getTime() - MINUTE));
    await runJob();
    expect(await orderRow(orderId)).toMatchObject({ status: 'unpaid', cancelled_at: null });
    expect(await stockOf(product.id)).toBe(0);
    expect((await placeCard(customer.id, product).expect(409)).body.error).toBe('out_of_stock');

    clock.set(new Date(dueAt.getTime() + MINUTE));
    await runJob();
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', cancel_reason: 'reservation_expired', cancelled_at: clock.now() });
    expect(await stockOf(product.id)).toBe(3);
    const bought = await placeCard(customer.id, product, 3).expect(201);
    expect((await orderRow(bought.body.orderId)).status).toBe('unpaid');
    expect(await stockOf(product.id)).toBe(0);
  });
});

describe('a provider checkout holds the stock for one session', () => {
  it('cancels a card order an hour after it was placed, not before, and gives its stock back', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 5 });
    const placedAt = clock.now();
    const { orderId } = await startCardCheckout(app, user.id, cartBody(product, 2));
    const deadline = new Date(placedAt.getTime() + PROVIDER_CHECKOUT_RESERVATION_MINUTES * MINUTE);
    expect((await orderRow(orderId)).reserved_until).toEqual(deadline);

    clock.set(new Date(deadline.getTime() - MINUTE));
    await runJob();
    expect((await orderRow(orderId)).status).toBe('unpaid');
    expect(await stockOf(product.id)).toBe(3);

    clock.set(deadline);
    await runJob();
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(5);
    // Its checkout page is closed at the provider after the commit: no late payment there.
    expect(await paymentJobs(db(), sandboxAdapters()).closeJobs(orderId)).toEqual([{ orderId }]);
    await paymentJobs(db(), sandboxAdapters()).closeOpenPayments(orderId);
    expect(await db()('payment_sessions').where({ order_id: orderId }).select('status')).toEqual([{ status: 'closed' }]);
  });

  it('gives a PayPal order the same deadline', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const res = await request(app)
      .post('/api/payment/create-order')
      .set('Authorization', bearer(user.id))
      .send({ items: [{ productId: product.id, qty: 1 }], amount: cartBody(product).totalCents })
      .expect(201);
    expect((await orderRow(res.body.order.id)).reserved_until).toEqual(new Date(clock.now().getTime() + 60 * MINUTE));
  });

  it('refuses to open a new payment for an order whose reservation lapsed, even before the job ran', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const { orderId } = await startCardCheckout(app, user.id, cartBody(product));
    clock.advance({ minutes: PROVIDER_CHECKOUT_RESERVATION_MINUTES });
    const res = await request(app).post('/api/checkout/mollie/invoice').set('Authorization', bearer(user.id)).send({ orderId }).expect(409);
    expect(res.body.error).toBe('reservation_expired');
    expect(await auditOf(orderId, 'payment.started')).toHaveLength(1); // the card payment only
    expect((await orderRow(orderId)).payment_method).toBe('card');
  });
});

describe('what the cancellation leaves', () => {
  it('mails the customer once, in their language, through the outbox', async () => {
    const user = await buyer(db(), { language: 'nl' });
    const product = await buildSellableProduct(db(), { name: 'VPS Linux NVMe Pro' });
    const { orderId } = await startCardCheckout(app, user.id, cartBody(product));
    clock.advance({ hours: 2 });
    await runJob();
    await runJob();

    const mails = await mailsOf(user.email, 'reservation_expired');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: 'nl', subject: `Uw bestelling nr. ${orderId} is geannuleerd` });
    expect(mails[0].text_body).toContain('niet op tijd ontvangen');
    expect(mails[0].text_body).toContain('VPS Linux NVMe Pro');
    expect(mails[0].dedupe_key).toBe(`reservation-expired-${orderId}`);
  });

  it('writes one audit row by the system: the deadline, the status before and after, the stock given back', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const placed = await placeBankTransfer(user.id, product, 2).expect(201);
    clock.advance({ days: 6 });
    await runJob();

    const audit = await auditOf(placed.body.orderId, 'order.reservation_expired');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: null,
      before: { status: 'unpaid', reservedUntil: placed.body.reservedUntil, method: 'bank_transfer' },
      after: { status: 'cancelled', reason: 'reservation_expired', restocked: [{ product_id: product.id, qty: 2 }] },
    });
  });

  it('the customer sees the order cancelled with the reason; it can no longer be paid from the wallet or by a new payment', async () => {
    const user = await buyer(db(), { wallet_cents: 100_000 });
    const product = await buildSellableProduct(db());
    const { orderId } = await startCardCheckout(app, user.id, cartBody(product));
    const before = await request(app).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(before.body.order).toMatchObject({ status: 'unpaid', reserved_until: expect.any(String), cancel_reason: null });
    clock.advance({ hours: 1, minutes: 1 });
    await runJob();

    const read = await request(app).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(read.body.order).toMatchObject({ status: 'cancelled', cancel_reason: 'reservation_expired', reserved_until: null });
    const wallet = await request(app).post(`/api/orders/${orderId}/pay-with-wallet`).set('Authorization', bearer(user.id)).expect(409);
    expect(wallet.body.error).toBe('order_not_payable');
    const mollie = await request(app)
      .post('/api/checkout/mollie/invoice')
      .set('Authorization', bearer(user.id))
      .send({ orderId })
      .expect(409);
    expect(mollie.body.error).toBe('order_not_payable');
    expect((await db()('users').where({ id: user.id }).first('wallet_cents')).wallet_cents).toBe(100_000);
    expect((await orderRow(orderId)).status).toBe('cancelled');
  });

  it('a payment arriving late on the old checkout page is kept on record; the order stays cancelled and the stock is not taken again', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 2 });
    const { orderId, checkoutId } = await startCardCheckout(app, user.id, cartBody(product));
    clock.advance({ hours: 2 });
    await runJob();
    expect(await stockOf(product.id)).toBe(2);

    await request(app).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(200);
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    expect(await stockOf(product.id)).toBe(2);
  });

  it('refuses to record a bank transfer announced after the due date', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const placed = await placeBankTransfer(user.id, product).expect(201);
    clock.advance({ days: 5 });
    const res = await request(app)
      .post('/api/checkout/bank-transfer/confirm')
      .set('Authorization', bearer(user.id))
      .send({ orderId: placed.body.orderId, ...PAYER })
      .expect(409);
    expect(res.body.error).toBe('reservation_expired');
    expect((await orderRow(placed.body.orderId)).transfer_announced_at).toBeNull();
  });
});

describe('what the job never cancels', () => {
  it('two runs at once cancel each lapsed order once: one audit row, one mail, the stock back once', async () => {
    const product = await buildSellableProduct(db(), { stock: 10 });
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => buyer(db())));
    const orderIds: number[] = [];
    for (const user of users) orderIds.push((await placeBankTransfer(user.id, product, 2).expect(201)).body.orderId);
    expect(await stockOf(product.id)).toBe(0);
    clock.advance({ days: 5, minutes: 1 });

    await runJob();
    expect(await stockOf(product.id)).toBe(10);
    for (const [i, orderId] of orderIds.entries()) {
      expect((await orderRow(orderId)).status).toBe('cancelled');
      expect(await auditOf(orderId, 'order.reservation_expired')).toHaveLength(1);
      expect(await mailsOf(users[i]!.email, 'reservation_expired')).toHaveLength(1);
    }
  });

  it('a paid order, even past its deadline', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 1 });
    const { orderId, checkoutId } = await startCardCheckout(app, user.id, cartBody(product));
    await request(app).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(200);
    clock.advance({ days: 30 });
    await runJob();
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await auditOf(orderId, 'order.reservation_expired')).toHaveLength(0);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('an order being paid while the job runs: the payment holds the row, the job waits and then leaves it paid', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 1 });
    const { orderId } = await startCardCheckout(app, user.id, cartBody(product));
    clock.advance({ hours: 2 });

    // The payment's transaction locks the order first (as the webhook path does) …
    const payment = await db().transaction();
    const locked = (await lockOrder(payment, orderId))!;
    const run = runJob();
    // … the job reaches the same row and waits on its lock …
    await waitForLockWaiters(1);
    await transitionOrder(payment, {
      order: locked,
      event: 'paid',
      actor: null,
      clock,
      documents: createDocumentIssuer({ seller: TEST_SELLER, bank: TEST_BANK, jobs: createJobQueue(db(), testLogger()) }),
    });
    await payment.commit();
    await run;

    // … and finds it paid: neither both paid and cancelled, nor the stock given back.
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', cancelled_at: null, cancel_reason: null });
    expect(await auditOf(orderId, 'order.reservation_expired')).toHaveLength(0);
    expect(await mailsOf(user.email, 'reservation_expired')).toHaveLength(0);
    expect(await stockOf(product.id)).toBe(0);
  });

  it('a renewal invoice, whatever its dates: the billing cycle suspends the service instead', async () => {
    const user = await buyer(db());
    const renewal = await buildUnpaidRenewal(db(), user.id, {
      created_at: new Date(clock.now().getTime() - 60 * DAY),
      due_at: new Date(clock.now().getTime() - 30 * DAY),
      reserved_until: new Date(clock.now().getTime() - 30 * DAY),
    });
    await runJob();
    expect((await orderRow(renewal.id)).status).toBe('unpaid');
    expect(await auditOf(renewal.id, 'order.reservation_expired')).toHaveLength(0);
  });
});

describe('at most a few unpaid orders per customer', () => {
  it(`the ${MAX_UNPAID_ORDERS + 1}th unpaid order is refused with 409 too_many_unpaid_orders and changes nothing`, async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 10 });
    await placeBankTransfer(user.id, product).expect(201);
    await placeCard(user.id, product).expect(201);
    await placeBankTransfer(user.id, product).expect(201);
    const orders = await countRows(db(), 'orders');
    const audits = await countRows(db(), 'audit_log');
    const mails = await countRows(db(), 'mail_outbox');

    for (const attempt of [placeCard(user.id, product), placeBankTransfer(user.id, product)]) {
      const res = await attempt.expect(409);
      expect(res.body).toMatchObject({ error: 'too_many_unpaid_orders', maxUnpaidOrders: MAX_UNPAID_ORDERS });
      expect(res.body.message).toMatch(/unpaid orders/);
    }
    expect(await countRows(db(), 'orders')).toBe(orders);
    expect(await countRows(db(), 'audit_log')).toBe(audits);
    expect(await countRows(db(), 'mail_outbox')).toBe(mails);
    expect(await stockOf(product.id)).toBe(7);
  });

  it('counts at once: of 6 concurrent checkouts by a customer with 2 unpaid orders, exactly one gets through', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 20 });
    await placeCard(user.id, product).expect(201);
    await placeCard(user.id, product).expect(201);
    const answers = await Promise.all(Array.from({ length: 6 }, () => placeBankTransfer(user.id, product)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await countRows(db(), 'orders', { user_id: user.id, status: 'unpaid' })).toBe(MAX_UNPAID_ORDERS);
    expect(await stockOf(product.id)).toBe(20 - MAX_UNPAID_ORDERS);
  });

  it('a paid or expired order frees a place; renewal invoices do not take one', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 10 });
    for (let i = 0; i < MAX_UNPAID_ORDERS; i += 1) await buildUnpaidRenewal(db(), user.id);
    const { checkoutId } = await startCardCheckout(app, user.id, cartBody(product));
    await placeBankTransfer(user.id, product).expect(201);
    await placeBankTransfer(user.id, product).expect(201);
    await placeCard(user.id, product).expect(409);

    await request(app).post(`/api/sandbox/checkouts/${checkoutId}/pay`).expect(200);
    await placeCard(user.id, product).expect(201);
    await placeCard(user.id, product).expect(409);

    clock.advance({ hours: 1 });
    await runJob();
    await placeCard(user.id, product).expect(201);
  });
});

describe('the due date of a bank transfer is a setting', () => {
  it('BANK_TRANSFER_RESERVATION_DAYS=2: the order is due two days after it was placed, and the transfer mail says when', async () => {
    const twoDays = createTestApp(db(), { clock, mailer: mailers[0], config: { bankTransferReservationDays: 2 } });
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const placed = await placeBankTransfer(user.id, product, 1, twoDays).expect(201);
    const dueAt = new Date(clock.now().getTime() + 2 * DAY);
    expect(placed.body.reservedUntil).toBe(dueAt.toISOString());
    expect((await orderRow(placed.body.orderId)).reserved_until).toEqual(dueAt);

    await request(twoDays)
      .post('/api/checkout/bank-transfer/confirm')
      .set('Authorization', bearer(user.id))
      .send({ orderId: placed.body.orderId, ...PAYER })
      .expect(200);
    const [mail] = await mailsOf(user.email, 'bank_transfer_instructions');
    const shown = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(dueAt);
    expect(mail.text_body).toContain(`Date limite de paiement : ${shown}`);

    clock.advance({ days: 2 });
    await runJob();
    expect((await orderRow(placed.body.orderId)).status).toBe('cancelled');
  });
});

describe('the reservation-expiry schedule', () => {
  let jobs: JobQueue;
  afterAll(() => jobs.stop());

  it('registers one schedule every minute and its worker cancels lapsed orders', async () => {
    const user = await buyer(db());
    const product = await buildSellableProduct(db());
    const { orderId } = await startCardCheckout(app, user.id, cartBody(product));
    clock.advance({ hours: 2 });

    jobs = createJobQueue(db(), testLogger());
    await jobs.start();
    let ran: () => void = () => {};
    const done = new Promise<void>((resolve) => (ran = resolve));
    await startReservationExpiry(jobs, {
      async sweep() {
        const cancelled = await workers[0]!.sweep();
        ran();
        return cancelled;
      },
    });
    const schedules = await db()('pgboss.schedule').where({ name: RESERVATION_EXPIRY_QUEUE.name });
    expect(schedules).toMatchObject([{ cron: RESERVATION_EXPIRY_CRON, timezone: 'UTC' }]);

    await jobs.send(db(), RESERVATION_EXPIRY_QUEUE.name, {});
    await done;
    expect((await orderRow(orderId)).status).toBe('cancelled');
  });
});

/** Waits (on the database's own view, never a timer) until `n` sessions wait for a row lock. */
async function waitForLockWaiters(n: number) {
  for (;;) {
    const { rows } = await db().raw(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
    );
    if (rows[0].n >= n) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
