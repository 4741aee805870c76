import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPEND_AFTER_DAYS } from '../../shared/billing/service-period';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createJobQueue } from '../../server/jobs/job-queue';
import { createBillingCycle } from '../../server/modules/billing-cycle/billing-cycle';
import { orderPayments } from '../../server/modules/payments/order-payments';
import { autoChargePlan } from '../../server/modules/renewal-charges/auto-charge-plan';
import { createDocumentIssuer } from '../../server/modules/invoices/document-issuer';
import { createPaymentEvents } from '../../server/modules/payments/payment-events.service';
import { createRenewalCharges, type RenewalChargeDeps } from '../../server/modules/renewal-charges/renewal-charges.service';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { createMollieRecurring } from '../../server/providers/payments/recurring/mollie-recurring';
import { createStripeRecurring } from '../../server/providers/payments/recurring/stripe-recurring';
import type { RecurringAdapter } from '../../server/providers/payments/recurring/types';
import { startMollieFake, type MollieFake } from '../fakes/mollie';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, createTestMailer, TEST_BANK, TEST_ENCRYPTION_KEY, TEST_SELLER, testLogger } from '../support/app';
import { buildDeliveredVps, buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';
import { testMachines } from '../support/service-machines';

// Issue 21, automatic renewal: the movable clock runs a server through its period; the renewal
// invoice is charged 3 days before it is due (wallet first, else the saved method through the real
// SDKs against the fakes), a refusal retries 1 day before and on the day, then the existing
// reminders and suspension run. The fakes' own records count the charges.

const DAY = 86_400_000;
let database: TestDatabase;
let stripe: StripeFake;
let mollie: MollieFake;
let clock: MovableClock;
let nextExpiry = new Date('2027-03-01T09:00:00Z').getTime();

const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripeFake();
  mollie = startMollieFake();
  clock = createMovableClock(new Date('2027-01-01T09:00:00Z'));
});
afterAll(async () => {
  mollie.stop();
  await stripe.close();
  await database.destroy();
});

const stripeConfig = () => ({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase });
const app = () =>
  createTestApp(db(), { clock, config: { stripe: stripeConfig(), mollie: { apiKey: mollie.apiKey, apiBase: mollie.apiBase } } });
const sandboxApp = () => createTestApp(db(), { clock });

function charges(overrides: Partial<RenewalChargeDeps> = {}) {
  const logger = testLogger();
  const jobs = createJobQueue(db(), logger);
  const documents = createDocumentIssuer({ seller: TEST_SELLER, bank: TEST_BANK, jobs });
  return createRenewalCharges({
    db: db(),
    mailer: createTestMailer(db()),
    clock,
    logger,
    recurring: {
      stripe: createStripeRecurring(stripeConfig()),
      mollie: createMollieRecurring({ apiKey: mollie.apiKey, apiBase: mollie.apiBase }),
    },
    events: createPaymentEvents({ db: db(), jobs, documents, logger, clock }),
    jobs,
    documents,
    publicUrl: 'http://shop.test',
    ...overrides,
  });
}

const billing = () =>
  createBillingCycle({
    db: db(),
    mailer: createTestMailer(db()),
    clock,
    machines: testMachines(db(), createSimulatedFleet(db(), { now: () => clock.now(), transitionMs: 1000 })),
    jobs: createJobQueue(db(), testLogger()),
    payments: orderPayments,
    autoChargePlan,
    logger: testLogger(),
  });

/** A customer with a delivered server due on its own day (tests never share one), its renewal invoice issued. */
async function serviceWithRenewal(
  options: { language?: 'fr' | 'en'; wallet?: number; walletFirst?: boolean; beforeIssue?: (userId: number) => Promise<unknown> } = {},
) {
  nextExpiry += 90 * DAY;
  const expires = new Date(nextExpiry);
  const user = await buildAccount(db(), {
    language: options.language ?? 'fr',
    email_verified_at: new Date(),
    wallet_cents: options.wallet ?? 0,
    auto_renew_from_wallet: options.walletFirst ?? true,
  });
  const product = await buildProduct(db(), { price_cents: 1000, ovh_duration: '1', ovh_pricing_mode: 'default' });
  const { order, vps } = await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY, vps: { expires_at: expires } });
  await db()('order_lines').insert({
    order_id: order.id,
    product_id: product.id,
    name: product.name,
    price_cents: 1000,
    qty: 1,
    tax_rate: 21,
  });
  await options.beforeIssue?.(user.id);
  clock.set(new Date(expires.getTime() - 7 * DAY));
  await billing().sweep();
  const renewal = await db()('orders').where({ renewal_of_order_id: order.id }).first();
  expect(renewal).toMatchObject({ status: 'unpaid', total_cents: 1210 });
  return { user, order, vps, product, renewal, expires, at: (days: number) => new Date(expires.getTime() + days * DAY) };
}

/** Saves a Stripe card through the API and the fake's setup page (4242 unless another last4 is given). */
async function saveStripeCard(userId: number, last4 = '4242', card: Partial<{ exp_month: number; exp_year: number }> = {}) {
  const started = await request(app())
    .post('/api/payment-methods/setups')
    .set('Authorization', bearer(userId))
    .send({ provider: 'stripe' })
    .expect(201);
  const saved = stripe.completeSetup([...stripe.sessions.keys()].at(-1)!, { last4, ...card });
  await request(app()).post(`/api/payment-methods/setups/${started.body.setup_id}/finish`).set('Authorization', bearer(userId)).expect(200);
  return saved;
}

const intentsFor = (orderId: number) =>
  [...stripe.offSessionIntents.values()].filter((i) => (i.request.metadata as { orderId?: string })?.orderId === String(orderId));
const attempts = (orderId: number) => db()('renewal_charge_attempts').where({ order_id: orderId }).orderBy('id');
const mailsTo = (email: string, template: string) => db()('mail_outbox').where({ to_email: email, template }).orderBy('id');
const orderRow = (id: number) => db()('orders').where({ id }).first();
const vpsRow = (id: number) => db()('vps').where({ id }).first();

async function runAt(when: Date, runner = charges()) {
  clock.set(when);
  return runner.run();
}

describe('automatic renewal', () => {
  it('the wallet pays first when it covers the invoice, 3 days before (not earlier); the next period starts on the due date', async () => {
    const s = await serviceWithRenewal({ wallet: 2000 });
    await saveStripeCard(s.user.id);
    await runAt(s.at(-3.1));
    expect((await orderRow(s.renewal.id)).status).toBe('unpaid');
    await runAt(s.at(-3));
    expect(await orderRow(s.renewal.id)).toMatchObject({ status: 'paid', payment_method: 'wallet' });
    expect((await db()('users').where({ id: s.user.id }).first()).wallet_cents).toBe(790);
    expect(intentsFor(s.renewal.id)).toHaveLength(0);
    expect(await attempts(s.renewal.id)).toEqual([expect.objectContaining({ slot: 'due-3', source: 'wallet', status: 'succeeded' })]);
    const expected = new Date(s.expires);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect((await vpsRow(s.vps.id)).expires_at).toEqual(expected);
  });

  it('charges nothing for a server whose customer asked, after its invoice, to end it at term', async () => {
    const s = await serviceWithRenewal({ wallet: 2000 });
    await saveStripeCard(s.user.id);
    const { id: serviceId } = await db()('services').where({ vps_id: s.vps.id }).first('id');
    await request(sandboxApp())
      .post(`/api/services/${serviceId}/cancel`)
      .set('Authorization', bearer(s.user.id))
      .send({ when: 'end_of_term' })
      .expect(200);
    for (const day of [-3, -1, 0]) await runAt(s.at(day));
    expect(await orderRow(s.renewal.id)).toMatchObject({ status: 'unpaid' });
    expect((await db()('users').where({ id: s.user.id }).first()).wallet_cents).toBe(2000);
    expect(intentsFor(s.renewal.id)).toHaveLength(0);
    expect(await attempts(s.renewal.id)).toHaveLength(0);
  });

  it('with the wallet turned off (or short), the default card is charged off-session once; settled through the lifecycle', async () => {
    const s = await serviceWithRenewal({ wallet: 5000, walletFirst: false });
    const card = await saveStripeCard(s.user.id);
    await runAt(s.at(-3));
    await runAt(s.at(-2));
    await runAt(s.at(-1));
    const intents = intentsFor(s.renewal.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]!.request).toMatchObject({
      amount: '1210',
      currency: 'eur',
      off_session: 'true',
      confirm: 'true',
      payment_method: card.id,
    });
    const idempotency = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!.headers['idempotency-key'];
    expect(idempotency).toBe(`renewal-${s.renewal.uuid}-due-3`);
    const paid = await orderRow(s.renewal.id);
    expect(paid).toMatchObject({ status: 'paid', payment_method: 'card' });
    expect(paid.invoice_number).toBeTruthy();
    expect(await db()('payments').where({ order_id: s.renewal.id, provider: 'stripe' })).toHaveLength(1);
    expect((await db()('users').where({ id: s.user.id }).first()).wallet_cents).toBe(5000);
    expect(await db()('audit_log').where({ entity_id: String(s.renewal.id), action: 'renewal.charge_succeeded' })).toHaveLength(1);
  });

  it('a declined card retries 1 day before and on the day, mailing a pay-by-hand link each time; then reminders and suspension run', async () => {
    const s = await serviceWithRenewal({ language: 'en' });
    await saveStripeCard(s.user.id, '0002');
    for (const day of [-3, -2.5, -1, -0.5, 0, 0.5, 1, 2]) await runAt(s.at(day));
    expect(intentsFor(s.renewal.id)).toHaveLength(3);
    expect(
      (await attempts(s.renewal.id)).map((a: { slot: string; status: string; failure_code: string }) => [a.slot, a.status, a.failure_code]),
    ).toEqual([
      ['due-3', 'declined', 'insufficient_funds'],
      ['due-1', 'declined', 'insufficient_funds'],
      ['due-0', 'declined', 'insufficient_funds'],
    ]);
    const mails = await mailsTo(s.user.email, 'renewal_charge_declined');
    expect(mails).toHaveLength(3);
    expect(mails[0].language).toBe('en');
    expect(mails[0].subject).toContain('declined');
    expect(mails[0].text_body).toContain(`http://shop.test/en/PanelCLient?tab=factures&pay=${s.renewal.id}`);
    expect(await db()('audit_log').where({ entity_id: String(s.renewal.id), action: 'renewal.charge_declined' })).toHaveLength(3);

    // The existing rules, unchanged: suspended after the grace days.
    clock.set(s.at(SUSPEND_AFTER_DAYS + 0.1));
    await billing().sweep();
    expect((await vpsRow(s.vps.id)).state).toBe('suspended');
    expect((await orderRow(s.renewal.id)).status).toBe('unpaid');
  });

  it('a card that needs 3-D Secure mails a link to finish; paying there (Mollie, on-session) settles the renewal', async () => {
    const s = await serviceWithRenewal();
    await saveStripeCard(s.user.id, '3184');
    await runAt(s.at(-3));
    expect(await attempts(s.renewal.id)).toEqual([
      expect.objectContaining({ status: 'requires_action', failure_code: 'authentication_required' }),
    ]);
    const [mail] = await mailsTo(s.user.email, 'renewal_charge_action');
    expect(mail.text_body).toContain(`/fr/PanelCLient?tab=factures&pay=${s.renewal.id}`);

    // The link's page pays the invoice by hand.
    await request(app())
      .post('/api/checkout/mollie/invoice')
      .set('Authorization', bearer(s.user.id))
      .send({ orderId: s.renewal.id })
      .expect(200);
    const paymentId = [...mollie.payments.keys()].at(-1)!;
    mollie.setStatus(paymentId, 'paid');
    await request(app()).post('/api/webhooks/mollie').type('form').send({ id: paymentId }).expect(200);
    expect((await orderRow(s.renewal.id)).status).toBe('paid');
    await runAt(s.at(-1));
    expect(intentsFor(s.renewal.id)).toHaveLength(1);
  });

  it('a run that crashed after Stripe charged is taken up later with the same key: one charge, one payment', async () => {
    const s = await serviceWithRenewal();
    await saveStripeCard(s.user.id);
    const real = createStripeRecurring(stripeConfig());
    const crashing: RecurringAdapter = {
      ...real,
      charge: async (req) => {
        await real.charge(req);
        throw new Error('worker killed after the provider answered');
      },
    };
    await runAt(s.at(-3), charges({ recurring: { stripe: crashing } }));
    expect(intentsFor(s.renewal.id)).toHaveLength(1);
    expect((await orderRow(s.renewal.id)).status).toBe('unpaid');
    expect(await attempts(s.renewal.id)).toEqual([expect.objectContaining({ status: 'started' })]);

    // Another worker at once leaves a fresh claim alone; after the stale delay it retries with the same key.
    await runAt(s.at(-3));
    await runAt(new Date(s.at(-3).getTime() + 11 * 60_000));
    expect(intentsFor(s.renewal.id)).toHaveLength(1);
    expect((await orderRow(s.renewal.id)).status).toBe('paid');
    expect(await db()('payments').where({ order_id: s.renewal.id })).toHaveLength(1);
  });

  it('two workers in the same slot charge once', async () => {
    const s = await serviceWithRenewal();
    await saveStripeCard(s.user.id);
    clock.set(s.at(-3));
    await Promise.all([charges().run(), charges().run()]);
    expect(intentsFor(s.renewal.id)).toHaveLength(1);
    expect(await db()('payments').where({ order_id: s.renewal.id })).toHaveLength(1);
  });

  it('a Mollie mandate is charged with sequenceType recurring; a declined mandate mails and retries', async () => {
    const s = await serviceWithRenewal();
    const started = await request(app())
      .post('/api/payment-methods/setups')
      .set('Authorization', bearer(s.user.id))
      .send({ provider: 'mollie' })
      .expect(201);
    const mandate = mollie.payFirst([...mollie.payments.keys()].at(-1)!);
    await request(app())
      .post(`/api/payment-methods/setups/${started.body.setup_id}/finish`)
      .set('Authorization', bearer(s.user.id))
      .expect(200);
    mollie.declineMandate(mandate.id);
    await runAt(s.at(-3));
    expect(await attempts(s.renewal.id)).toEqual([expect.objectContaining({ source: 'mollie', status: 'declined' })]);
    const recurring = () =>
      [...mollie.payments.values()].filter((p) => p.payment.sequenceType === 'recurring' && p.payment.mandateId === mandate.id);
    expect(recurring()).toHaveLength(1);
    expect(recurring()[0]!.request).toMatchObject({
      sequenceType: 'recurring',
      mandateId: mandate.id,
      amount: { currency: 'EUR', value: '12.10' },
    });
    expect(await mailsTo(s.user.email, 'renewal_charge_declined')).toHaveLength(1);
    await runAt(s.at(-1));
    expect(recurring()).toHaveLength(2);
    expect(await mailsTo(s.user.email, 'renewal_charge_declined')).toHaveLength(2);
  });

  it('sandbox cards: "succeeds" pays; automatic renewal turned off on the server charges nothing', async () => {
    const s = await serviceWithRenewal();
    await request(sandboxApp())
      .post('/api/payment-methods/sandbox')
      .set('Authorization', bearer(s.user.id))
      .send({ outcome: 'succeeds' })
      .expect(201);
    await runAt(s.at(-3), charges({ recurring: {} }));
    expect(await orderRow(s.renewal.id)).toMatchObject({ status: 'paid', payment_method: 'card' });

    const off = await serviceWithRenewal();
    await request(sandboxApp())
      .post('/api/payment-methods/sandbox')
      .set('Authorization', bearer(off.user.id))
      .send({ outcome: 'succeeds' })
      .expect(201);
    await db()('vps').where({ id: off.vps.id }).update({ auto_renew: false });
    await runAt(off.at(-3), charges({ recurring: {} }));
    expect((await orderRow(off.renewal.id)).status).toBe('unpaid');
    expect(await attempts(off.renewal.id)).toHaveLength(0);
  });

  it('the panel switches: on by default once a method is saved; a server turned off is not charged; never another customer’s', async () => {
    const s = await serviceWithRenewal({ wallet: 5000 });
    const read = () => request(sandboxApp()).get('/api/auto-renewal').set('Authorization', bearer(s.user.id)).expect(200);
    const before = await read();
    expect(before.body).toMatchObject({ wallet_first: true, has_method: false });
    expect(before.body.services).toEqual([expect.objectContaining({ vps_id: s.vps.id, auto_renew: true, next_charge_at: null })]);
    // Issue 34: the switch names the product bought; the host name comes beside it.
    expect(before.body.services[0]).toMatchObject({ product_name: s.product.name, service_name: s.vps.service_name });

    await request(sandboxApp())
      .post('/api/payment-methods/sandbox')
      .set('Authorization', bearer(s.user.id))
      .send({ outcome: 'succeeds' })
      .expect(201);
    const saved = await read();
    expect(saved.body.has_method).toBe(true);
    expect(saved.body.services[0].next_charge_at).toBe(s.at(-3).toISOString());

    const stranger = await buildAccount(db(), { email_verified_at: new Date() });
    await request(sandboxApp())
      .put(`/api/auto-renewal/services/${s.vps.id}`)
      .set('Authorization', bearer(stranger.id))
      .send({ enabled: false })
      .expect(404);
    await request(sandboxApp())
      .put(`/api/auto-renewal/services/${s.vps.id}`)
      .set('Authorization', bearer(s.user.id))
      .send({ enabled: 'no' })
      .expect(400);
    const off = await request(sandboxApp())
      .put(`/api/auto-renewal/services/${s.vps.id}`)
      .set('Authorization', bearer(s.user.id))
      .send({ enabled: false })
      .expect(200);
    expect(off.body).toEqual({ service: expect.objectContaining({ vps_id: s.vps.id, auto_renew: false, next_charge_at: null }) });
    expect((await read()).body.services[0]).toMatchObject({ auto_renew: false, next_charge_at: null });
    const walletOff = await request(sandboxApp())
      .put('/api/auto-renewal/wallet')
      .set('Authorization', bearer(s.user.id))
      .send({ enabled: false })
      .expect(200);
    expect(walletOff.body).toEqual({ wallet_first: false });

    await runAt(s.at(-3), charges({ recurring: {} }));
    expect((await orderRow(s.renewal.id)).status).toBe('unpaid');
    expect(await attempts(s.renewal.id)).toHaveLength(0);
  });

  it('the panel switches come 50 servers a page, oldest order first, each page after the last server shown', async () => {
    const user = await buildAccount(db(), { email_verified_at: new Date() });
    const other = await buildAccount(db(), { email_verified_at: new Date() });
    await buildDeliveredVps(db(), other.id, { encryptionKey: TEST_ENCRYPTION_KEY }); // never on this customer's pages
    const start = Date.parse('2026-03-01T00:00:00Z');
    // 58 servers, the first four ordered at the same instant (the order's id breaks the tie); two no longer renew.
    const servers: number[] = [];
    for (let i = 0; i < 58; i++) {
      const { order, vps } = await buildDeliveredVps(db(), user.id, {
        encryptionKey: TEST_ENCRYPTION_KEY,
        vps: i === 10 || i === 20 ? { state: 'deleted' } : i % 7 === 0 ? { state: 'suspended', suspended_at: new Date() } : {},
      });
      await db()('orders')
        .where({ id: order.id })
        .update({ created_at: new Date(start + Math.max(i - 3, 0) * 60_000) });
      if (i !== 10 && i !== 20) servers.push(vps.id);
    }
    const page = async (query: Record<string, number> = {}) =>
      (await request(sandboxApp()).get('/api/auto-renewal').query(query).set('Authorization', bearer(user.id)).expect(200)).body as {
        services: { vps_id: number }[];
        next: number | null;
      };
    const ids = (p: { services: { vps_id: number }[] }) => p.services.map((s) => s.vps_id);

    const first = await page();
    expect(first.services).toHaveLength(50);
    expect(first.next).toBe(first.services[49]!.vps_id);
    const second = await page({ after: first.next! });
    expect(second.next).toBeNull();
    expect([...ids(first), ...ids(second)]).toEqual(servers);

    const walked: number[] = [];
    let after: number | null = null;
    do {
      const next: { services: { vps_id: number }[]; next: number | null } = await page({ limit: 9, ...(after && { after }) });
      expect(next.services.length).toBeLessThanOrEqual(9);
      walked.push(...ids(next));
      after = next.next;
    } while (after !== null);
    expect(walked).toEqual(servers);

    const deleted = (
      await db()('vps').join('orders', 'orders.id', 'vps.order_id').where({ 'orders.user_id': user.id, state: 'deleted' }).first('vps.id')
    ).id;
    await request(sandboxApp())
      .put(`/api/auto-renewal/services/${deleted}`)
      .set('Authorization', bearer(user.id))
      .send({ enabled: false })
      .expect(404);
    for (const query of [{ after: 'x' }, { limit: 51 }]) {
      await request(sandboxApp()).get('/api/auto-renewal').query(query).set('Authorization', bearer(user.id)).expect(400);
    }
  });

  it('staff Billing shows which renewals will be charged automatically, and each attempt; support staff may not', async () => {
    const s = await serviceWithRenewal({ walletFirst: false });
    await saveStripeCard(s.user.id, '0002');
    await runAt(s.at(-3));
    const admin = await buildStaff(db(), 'admin');
    const list = await request(app()).get('/api/admin/billing/auto-renewals').set('Authorization', staffBearer(admin.id)).expect(200);
    const row = list.body.renewals.find((r: { order_id: number }) => r.order_id === s.renewal.id);
    expect(row).toMatchObject({
      customer_email: s.user.email,
      auto_renew: true,
      charge_from: 'method',
      method: 'visa •••• 0002',
      order_status: 'unpaid',
      next_charge_at: s.at(-1).toISOString(),
      attempts: [{ slot: 'due-3', source: 'stripe', status: 'declined', failure_code: 'insufficient_funds' }],
    });
    expect(JSON.stringify(list.body)).not.toMatch(/pm_|cus_/);
    const support = await buildStaff(db(), 'support');
    await request(app()).get('/api/admin/billing/auto-renewals').set('Authorization', staffBearer(support.id)).expect(403);
    await request(app()).get('/api/admin/billing/auto-renewals').set('Authorization', bearer(s.user.id)).expect(401);
  });

  it('staff Billing shows a renewal already paid as paid, with nothing left to charge (issue 34)', async () => {
    // The wallet still covers the invoice after paying it: it must not read as to be charged again.
    const s = await serviceWithRenewal({ wallet: 5000 });
    await runAt(s.at(-3));
    expect((await orderRow(s.renewal.id)).status).toBe('paid');
    const admin = await buildStaff(db(), 'admin');
    const list = await request(app()).get('/api/admin/billing/auto-renewals').set('Authorization', staffBearer(admin.id)).expect(200);
    const row = list.body.renewals.find((r: { order_id: number }) => r.order_id === s.renewal.id);
    expect(row).toMatchObject({
      order_status: 'paid',
      charge_from: 'paid',
      next_charge_at: null,
      attempts: [{ slot: 'due-3', source: 'wallet', status: 'succeeded' }],
    });
  });

  it('the renewal invoice mail says when and how it will be paid on its own (nothing said when it will not)', async () => {
    const card = await serviceWithRenewal({
      walletFirst: false,
      beforeIssue: (userId) =>
        request(sandboxApp())
          .post('/api/payment-methods/sandbox')
          .set('Authorization', bearer(userId))
          .send({ outcome: 'succeeds' })
          .expect(201),
    });
    const [cardMail] = await mailsTo(card.user.email, 'renewal_invoice');
    expect(cardMail.text_body).toMatch(/Paiement automatique : le .+, par visa •••• 4242/);

    const wallet = await serviceWithRenewal({ language: 'en', wallet: 5000 });
    const [walletMail] = await mailsTo(wallet.user.email, 'renewal_invoice');
    expect(walletMail.text_body).toMatch(/Automatic payment: on .+, from your balance/);

    const manual = await serviceWithRenewal();
    const [manualMail] = await mailsTo(manual.user.email, 'renewal_invoice');
    expect(manualMail.text_body).not.toContain('Paiement automatique');
  });

  it('a default card that will have expired by the next charge is announced once, a month ahead', async () => {
    const s = await serviceWithRenewal({ walletFirst: false });
    const before = new Date(s.expires.getTime() - 40 * DAY);
    await saveStripeCard(s.user.id, '4242', { exp_month: before.getUTCMonth() + 1, exp_year: before.getUTCFullYear() });
    await runAt(s.at(-31));
    expect(await mailsTo(s.user.email, 'card_expiring')).toHaveLength(0);
    await runAt(s.at(-20));
    await runAt(s.at(-19));
    const mails = await mailsTo(s.user.email, 'card_expiring');
    expect(mails).toHaveLength(1);
    expect(mails[0].text_body).toContain('visa •••• 4242');
    expect(mails[0].text_body).toContain('/fr/PanelCLient?tab=paiement');

    const valid = await serviceWithRenewal({ walletFirst: false });
    await saveStripeCard(valid.user.id, '4242', { exp_month: 12, exp_year: valid.expires.getUTCFullYear() + 1 });
    await runAt(valid.at(-20));
    expect(await mailsTo(valid.user.email, 'card_expiring')).toHaveLength(0);
  });
});
