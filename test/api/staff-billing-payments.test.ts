import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { notePaymentSessionState } from '../../server/modules/payments/payment-sessions.repo';
import { createPaymentAdapters, type PaymentAdapters } from '../../server/providers/payments/index';
import { startMollieFake, type MollieFake } from '../fakes/mollie';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../support/app';
import { buildSellableProduct, buyer, cartBody, startCardCheckout, totalFor } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { paymentJobs } from '../support/payment-jobs';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 20, "staff see it": Billing lists the payments in an unusual state (pending or held at the
// provider, paid after cancel and refunded automatically) with the provider's reference, from what
// the providers' fakes and the sweep left, newest first by keyset.

let database: TestDatabase;
let stripe: StripeFake;
let mollie: MollieFake;
let clock: MovableClock;
let adapters: PaymentAdapters;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createMovableClock(new Date());
  stripe = await startStripeFake({ clock });
  mollie = startMollieFake({ clock });
  adapters = createPaymentAdapters(config(), { db: database.db, publicUrl: TEST_PUBLIC_URL, jwtSecret: TEST_JWT_SECRET });
});
afterAll(async () => {
  mollie.stop();
  await stripe.close();
  await database.destroy();
});

function config() {
  return {
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase },
    mollie: { apiKey: mollie.apiKey, apiBase: mollie.apiBase },
  };
}

const db = () => database.db;
const app = () => createTestApp(db(), { clock, config: config() });
const jobs = () => paymentJobs(db(), adapters, clock);
const list = (staffId: number, query: Record<string, unknown> = {}) =>
  request(app()).get('/api/admin/billing/payments').query(query).set('Authorization', staffBearer(staffId));

async function stripeCheckout() {
  const user = await buyer(db());
  const product = await buildSellableProduct(db());
  const res = await request(app()).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(cartBody(product)).expect(201);
  return { user, orderId: res.body.orderId as number, sessionId: [...stripe.sessions.keys()].at(-1)!, total: totalFor(product) };
}

async function mollieCheckout() {
  const user = await buyer(db());
  const product = await buildSellableProduct(db());
  const { orderId } = await startCardCheckout(app(), user.id, cartBody(product));
  await request(app()).post('/api/checkout/mollie/invoice').set('Authorization', bearer(user.id)).send({ orderId }).expect(200);
  return { user, orderId, paymentId: [...mollie.payments.keys()].at(-1)!, total: totalFor(product) };
}

describe('GET /api/admin/billing/payments', () => {
  it('lists a SEPA payment settling at Stripe, a Mollie hold not captured yet and a payment after cancel refunded automatically', async () => {
    const admin = await buildStaff(db(), 'admin');
    stripe.enableEvents([]);

    const sepa = await stripeCheckout();
    stripe.completeSession(sepa.sessionId, 'unpaid'); // a delayed method: taken, not settled
    clock.advance({ minutes: 5 });
    await jobs().sweep();

    const late = await stripeCheckout();
    await request(app()).post(`/api/admin/orders/${late.orderId}/cancel`).set('Authorization', staffBearer(admin.id)).send({}).expect(200);
    stripe.completeSession(late.sessionId); // paid on the page still open
    clock.advance({ minutes: 5 });
    await jobs().sweep();
    const refundedAt = clock.now().toISOString();
    await jobs().refundPayments(late.orderId);

    const hold = await mollieCheckout();
    mollie.setStatus(hold.paymentId, 'authorized');
    mollie.pendingWebhooks.length = 0;
    clock.advance({ minutes: 5 });
    // The capture fails this slot (Mollie refused it): the hold stays listed until a later slot captures it.
    await jobs().sweepWith(() => async () => {
      throw new Error('capture refused');
    });

    const res = await list(admin.id).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const mine = res.body.payments.filter((p: { orderId: number }) => [sepa.orderId, hold.orderId, late.orderId].includes(p.orderId));
    expect(mine).toEqual([
      expect.objectContaining({ kind: 'held', provider: 'mollie', providerRef: hold.paymentId, orderId: hold.orderId, refund: null }),
      {
        key: expect.stringMatching(/^r\d+$/),
        kind: 'paid_after_cancel',
        provider: 'stripe',
        providerRef: late.sessionId,
        orderId: late.orderId,
        customer: { id: late.user.id, name: expect.any(String), email: late.user.email },
        amountCents: late.total,
        currency: 'EUR',
        at: refundedAt,
        refund: { status: 'refunded', providerRefundId: [...stripe.refunds.keys()].at(-1) },
      },
      expect.objectContaining({
        kind: 'pending',
        provider: 'stripe',
        providerRef: sepa.sessionId,
        orderId: sepa.orderId,
        amountCents: sepa.total,
        customer: expect.objectContaining({ email: sepa.user.email }),
      }),
    ]);

    // The SEPA payment settles and the hold is captured: neither is listed any more.
    stripe.settleAsync(sepa.sessionId, 'succeeded');
    clock.advance({ minutes: 5 });
    await jobs().sweep();
    const after = await list(admin.id).expect(200);
    const left = after.body.payments.map((p: { orderId: number }) => p.orderId);
    expect(left).not.toContain(sepa.orderId);
    expect(left).not.toContain(hold.orderId);
    expect(left).toContain(late.orderId);
  });

  it('pages by keyset: `next` gives the following rows, none twice, none skipped, at most `limit` a page', async () => {
    const admin = await buildStaff(db(), 'admin');
    const sessionIds: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const { orderId } = await mollieCheckout();
      const session = await db()('payment_sessions').where({ order_id: orderId }).first();
      // Two share a time: the order between them is still fixed.
      await notePaymentSessionState(db(), session.id, 'pending', new Date(clock.now().getTime() + (i === 6 ? 5 : i) * 1000 + 0.5));
      sessionIds.push(session.id);
    }
    const seen: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const res: request.Response = await list(admin.id, { limit: 3, ...(next ? { after: next } : {}) }).expect(200);
      expect(res.body.payments.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.payments.map((p: { key: string }) => p.key));
      next = res.body.next;
      pages += 1;
    } while (next && pages < 20);
    expect(new Set(seen).size).toBe(seen.length);
    const all = (await list(admin.id, { limit: 100 }).expect(200)).body.payments.map((p: { key: string }) => p.key);
    expect(seen).toEqual(all);
    for (const id of sessionIds) expect(seen).toContain(`s${id}`);
    const times = (await list(admin.id, { limit: 100 })).body.payments.map((p: { at: string }) => Date.parse(p.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a malformed cursor or limit with 400 and field details, never 500', async () => {
    const admin = await buildStaff(db(), 'admin');
    for (const query of [
      { after: 'nope' },
      { after: '2026-02-31T00:00:00.000000Z_s_1' },
      { after: '2026-01-01T00:00:00.000000Z_s_99999999999' },
      { after: '2026-01-01T00:00:00.000000Z_x_1' },
      { limit: 0 },
      { limit: 101 },
      { limit: 'x' },
    ]) {
      const res = await list(admin.id, query).expect(400);
      expect(res.body.error).toBe('validation_error');
      expect(Object.keys(res.body.fields)).toHaveLength(1);
    }
  });

  it('is closed to managers, support agents and customers', async () => {
    for (const role of ['manager', 'support'] as const) {
      const staff = await buildStaff(db(), role);
      expect((await list(staff.id).expect(403)).body.error).toBe('forbidden_role');
    }
    const customer = await buyer(db());
    await request(app()).get('/api/admin/billing/payments').set('Authorization', bearer(customer.id)).expect(401);
  });
});
