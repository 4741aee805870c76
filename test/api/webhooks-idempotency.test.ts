import request from 'supertest';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../server/jobs/job-queue';
import { ORDER_PAID_QUEUE } from '../../server/jobs/queues';
import { createOrderPaidFollowUp, type OrderPaidJob } from '../../server/modules/payments/order-paid.job';
import { sandboxSecret } from '../../server/providers/payments/index';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../../server/providers/payments/sandbox';
import { createTestApp, createTestMailer, TEST_JWT_SECRET, testLogger } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { testMachines } from '../support/service-machines';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const app = () => createTestApp(database.db);
const secret = sandboxSecret(TEST_JWT_SECRET);

/** A notification exactly as the sandbox page signs it. */
function notification(checkoutId: string, outcome: 'paid' | 'cancelled' | 'failed', id = `evt_${checkoutId}_${outcome}`) {
  const body = JSON.stringify({ id, checkoutId, outcome });
  return { body, signature: sandboxSignature(secret, body) };
}

async function unpaidOrder() {
  const user = await buyer(db());
  const product = await buildSellableProduct(db());
  return { user, ...(await startCardCheckout(app(), user.id, cartBody(product))) };
}

const post = (body: string, signature: string) =>
  request(app()).post('/api/webhooks/stripe').set('Content-Type', 'application/json').set(SANDBOX_SIGNATURE_HEADER, signature).send(body);

describe('POST /api/webhooks/{provider}', () => {
  it('a signed body that is not JSON, or not a notification, is 400 invalid_webhook and records nothing', async () => {
    for (const body of ['not json {', JSON.stringify({ id: 'evt_x', checkoutId: 'not-a-uuid', outcome: 'paid' }), JSON.stringify([1])]) {
      const res = await post(body, sandboxSignature(secret, body)).expect(400);
      expect(res.body.error).toBe('invalid_webhook');
    }
    expect(Number((await db()('webhook_events').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('50 concurrent deliveries of one notification: one payment row, one status change, all answered 200', async () => {
    const { orderId, checkoutId } = await unpaidOrder();
    const { body, signature } = notification(checkoutId, 'paid');
    const application = app();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(application)
          .post('/api/webhooks/stripe')
          .set('Content-Type', 'application/json')
          .set(SANDBOX_SIGNATURE_HEADER, signature)
          .send(body),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.body.outcome === 'paid')).toHaveLength(1);
    expect(answers.filter((a) => a.body.outcome === 'duplicate')).toHaveLength(49);
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    expect(await countRows(db(), 'audit_log', { entity_type: 'order', entity_id: String(orderId), action: 'order.paid' })).toBe(1);
    expect(await countRows(db(), 'webhook_events', { order_id: orderId })).toBe(1);
    const jobs = await db().raw('SELECT count(*)::int AS n FROM pgboss.job WHERE name = ? AND data @> ?::jsonb', [
      ORDER_PAID_QUEUE.name,
      JSON.stringify({ orderId }),
    ]);
    expect(jobs.rows[0].n).toBe(1);
    expect((await db()('orders').where({ id: orderId }).first()).status).toBe('pending');
  });

  it('a replay later (same event id) answers 200 and changes nothing; another event for the same payment adds no payment', async () => {
    const { orderId, checkoutId } = await unpaidOrder();
    const first = notification(checkoutId, 'paid');
    await post(first.body, first.signature).expect(200);
    const paidAt = (await db()('orders').where({ id: orderId }).first()).paid_at;
    const replay = await post(first.body, first.signature).expect(200);
    expect(replay.body.outcome).toBe('duplicate');
    const other = notification(checkoutId, 'paid', 'evt_other_delivery');
    const second = await post(other.body, other.signature).expect(200);
    expect(second.body.outcome).toBe('payment_already_recorded');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
    expect((await db()('orders').where({ id: orderId }).first()).paid_at).toEqual(paidAt);
  });

  it('400 for a bad signature or a tampered body: nothing is recorded', async () => {
    const { orderId, checkoutId } = await unpaidOrder();
    const { body, signature } = notification(checkoutId, 'paid');
    const eventsBefore = await countRows(db(), 'webhook_events');
    const bad = await post(
      body,
      signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    ).expect(400);
    expect(bad.body.error).toBe('invalid_webhook');
    await post(body.replace('paid', 'paid '), signature).expect(400);
    await request(app()).post('/api/webhooks/stripe').set('Content-Type', 'application/json').send(body).expect(400);
    expect(await countRows(db(), 'webhook_events')).toBe(eventsBefore);
    expect(await countRows(db(), 'webhook_events', { order_id: orderId })).toBe(0);
    expect((await db()('orders').where({ id: orderId }).first()).status).toBe('unpaid');
    await request(app()).post('/api/webhooks/bitcoin').send('{}').expect(404);
  });

  it('a failed payment leaves the order unpaid and payable', async () => {
    const { orderId, checkoutId } = await unpaidOrder();
    const { body, signature } = notification(checkoutId, 'failed');
    expect((await post(body, signature).expect(200)).body.outcome).toBe('payment_failed');
    expect((await db()('orders').where({ id: orderId }).first()).status).toBe('unpaid');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
  });

  it('an amount that is not the order total is refused: the order stays unpaid, staff can see why', async () => {
    const { orderId, checkoutId } = await unpaidOrder();
    await db()('sandbox_checkouts').where({ id: checkoutId }).update({ amount_cents: 1 });
    const { body, signature } = notification(checkoutId, 'paid');
    expect((await post(body, signature).expect(200)).body.outcome).toBe('amount_mismatch');
    expect((await db()('orders').where({ id: orderId }).first()).status).toBe('unpaid');
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(0);
    expect(await countRows(db(), 'audit_log', { entity_id: String(orderId), action: 'payment.amount_mismatch' })).toBe(1);
  });
});

describe('the payment follow-up job', () => {
  it('a worker mails "payment received" once, even when the job runs twice', async () => {
    const { orderId, checkoutId, user } = await unpaidOrder();
    const mailer = createTestMailer(db());
    const followUp = createOrderPaidFollowUp({
      db: db(),
      mailer,
      machines: testMachines(db(), createSimulatedFleet(db())),
      logger: testLogger(),
    });
    const jobs = createJobQueue(db(), testLogger());
    await jobs.start();
    try {
      const done = new Promise<void>((resolve) => {
        void jobs.work<OrderPaidJob>(ORDER_PAID_QUEUE.name, async (data) => {
          await followUp(data);
          if (data.orderId === orderId) resolve();
        });
      });
      const { body, signature } = notification(checkoutId, 'paid');
      await post(body, signature).expect(200);
      await done;
    } finally {
      await jobs.stop();
    }
    await followUp({ orderId }); // a retry after a crash
    await mailer.idle();
    const mails = await db()('mail_outbox').where({ to_email: user.email, template: 'payment_received' });
    expect(mails).toHaveLength(1);
    const order = await db()('orders').where({ id: orderId }).first();
    expect(mails[0].subject).toBe(`Paiement reçu pour votre commande n° ${orderId}`);
    expect(mails[0].text_body).toContain(order.invoice_number);
    expect(await countRows(db(), 'audit_log', { entity_id: String(orderId), action: 'order.delivery_requested' })).toBe(1);
  });
});
