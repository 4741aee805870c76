import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMollieFake, type MollieFake } from '../fakes/mollie';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_PUBLIC_URL } from '../support/app';
import { buyer, countRows } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { createMovableClock } from '../../server/clock/clock';
import { createSavedMethods } from '../../server/modules/saved-methods/saved-methods.service';
import { createStripeRecurring } from '../../server/providers/payments/recurring/stripe-recurring';
import { testLogger } from '../support/app';

// Issue 21, saved payment methods: sandbox cards without keys; Stripe Checkout in setup mode and
// Mollie first payments with the real SDKs against the fakes; list, default, remove (detached).

let database: TestDatabase;
let stripe: StripeFake;
let mollie: MollieFake;
const responses = createResponseRecorder();
beforeAll(async () => {
  database = await createTestDatabase();
  stripe = await startStripeFake();
  mollie = startMollieFake();
});
afterAll(async () => {
  responses.expectNoSecrets();
  mollie.stop();
  await stripe.close();
  await database.destroy();
});

const db = () => database.db;
const sandboxApp = () => responses.record(createTestApp(db()));
const providersApp = () =>
  responses.record(
    createTestApp(db(), {
      config: {
        stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase },
        mollie: { apiKey: mollie.apiKey, apiBase: mollie.apiBase },
      },
    }),
  );

describe('sandbox cards (no provider keys)', () => {
  it('saves cards with chosen outcomes; the first is the default; set default; remove promotes another', async () => {
    const user = await buyer(db());
    const list = await request(sandboxApp()).get('/api/payment-methods').set('Authorization', bearer(user.id)).expect(200);
    expect(list.body).toEqual({ methods: [], can_save: { stripe: false, mollie: false, sandbox: true } });

    const first = await request(sandboxApp())
      .post('/api/payment-methods/sandbox')
      .set('Authorization', bearer(user.id))
      .send({ outcome: 'declined' })
      .expect(201);
    expect(first.body).toMatchObject({ provider: 'sandbox', brand: 'visa', last4: '0002', is_default: true, sandbox_outcome: 'declined' });
    const second = await request(sandboxApp())
      .post('/api/payment-methods/sandbox')
      .set('Authorization', bearer(user.id))
      .send({ outcome: 'succeeds' })
      .expect(201);
    expect(second.body).toMatchObject({ last4: '4242', is_default: false });

    const made = await request(sandboxApp())
      .post(`/api/payment-methods/${second.body.id}/default`)
      .set('Authorization', bearer(user.id))
      .expect(200);
    expect(made.body.methods.map((m: { id: number; is_default: boolean }) => [m.id, m.is_default])).toEqual([
      [second.body.id, true],
      [first.body.id, false],
    ]);

    const after = await request(sandboxApp())
      .delete(`/api/payment-methods/${second.body.id}`)
      .set('Authorization', bearer(user.id))
      .expect(200);
    expect(after.body.methods).toEqual([expect.objectContaining({ id: first.body.id, is_default: true })]);
    expect(await countRows(db(), 'audit_log', { entity_type: 'payment_method', action: 'payment_method.removed' })).toBeGreaterThan(0);
  });

  it('lists at most 50 methods: the default always first, then the newest', async () => {
    const user = await buyer(db());
    const ids: number[] = (
      await db()('payment_methods')
        .insert(
          Array.from({ length: 56 }, (_, i) => ({
            user_id: user.id,
            provider: 'sandbox',
            kind: 'card',
            provider_method_id: `sandbox_listed_${user.id}_${i}`,
            brand: 'visa',
            last4: '4242',
            exp_month: 12,
            exp_year: 2030,
            sandbox_outcome: 'succeeds',
            is_default: i === 0, // the oldest: it would be cut off by age alone
          })),
        )
        .returning('id')
    ).map((row: { id: number }) => Number(row.id));
    const list = await request(sandboxApp()).get('/api/payment-methods').set('Authorization', bearer(user.id)).expect(200);
    expect(list.body.methods.map((m: { id: number }) => m.id)).toEqual([ids[0], ...ids.slice(1).reverse().slice(0, 49)]);
    expect(list.body.methods[0].is_default).toBe(true);
  });

  it('a customer never reaches another’s methods: 404, and nothing changes', async () => {
    const owner = await buyer(db());
    const stranger = await buyer(db());
    const saved = await request(sandboxApp())
      .post('/api/payment-methods/sandbox')
      .set('Authorization', bearer(owner.id))
      .send({ outcome: 'succeeds' })
      .expect(201);
    await request(sandboxApp()).post(`/api/payment-methods/${saved.body.id}/default`).set('Authorization', bearer(stranger.id)).expect(404);
    await request(sandboxApp()).delete(`/api/payment-methods/${saved.body.id}`).set('Authorization', bearer(stranger.id)).expect(404);
    const theirs = await request(sandboxApp()).get('/api/payment-methods').set('Authorization', bearer(stranger.id)).expect(200);
    expect(theirs.body.methods).toEqual([]);
    expect(await countRows(db(), 'payment_methods', { id: saved.body.id })).toBe(1);
    await request(sandboxApp()).get('/api/payment-methods').expect(401);
  });

  it('refuses an unknown outcome with field details, and a provider setup that is not offered', async () => {
    const user = await buyer(db());
    const bad = await request(sandboxApp())
      .post('/api/payment-methods/sandbox')
      .set('Authorization', bearer(user.id))
      .send({ outcome: 'free-money' })
      .expect(400);
    expect(bad.body.fields).toHaveProperty('outcome');
    await request(sandboxApp())
      .post('/api/payment-methods/setups')
      .set('Authorization', bearer(user.id))
      .send({ provider: 'stripe' })
      .expect(409);
  });
});

describe('Stripe: Checkout in setup mode', () => {
  it('saves the card the customer entered, once, on their Stripe customer; removing detaches it', async () => {
    const user = await buyer(db(), { language: 'nl' });
    const started = await request(providersApp())
      .post('/api/payment-methods/setups')
      .set('Authorization', bearer(user.id))
      .send({ provider: 'stripe', lng: 'nl' })
      .expect(201);
    const [sessionId, { request: sent, session }] = [...stripe.sessions.entries()].at(-1)!;
    expect(started.body.redirect_url).toBe(session.url);
    const customerId = sent.customer as string;
    expect(stripe.customers.get(customerId)).toMatchObject({ email: user.email });
    expect(sent).toMatchObject({
      mode: 'setup',
      currency: 'eur',
      success_url: `${TEST_PUBLIC_URL}/nl/PanelCLient?tab=paiement&setup=${started.body.setup_id}`,
    });

    const finish = () =>
      request(providersApp()).post(`/api/payment-methods/setups/${started.body.setup_id}/finish`).set('Authorization', bearer(user.id));
    expect((await finish().expect(200)).body).toEqual({ status: 'open', method: null });

    const card = stripe.completeSetup(sessionId, { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2029 });
    const saved = await finish().expect(200);
    expect(saved.body).toMatchObject({
      status: 'saved',
      method: { provider: 'stripe', kind: 'card', brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2029, is_default: true },
    });
    expect((await finish().expect(200)).body.method.id).toBe(saved.body.method.id);
    // Its completion event names no order: acknowledged, nothing paid.
    const event = stripe.signedEvent('checkout.session.completed', sessionId);
    const delivered = await request(providersApp())
      .post('/api/webhooks/stripe')
      .set(event.headers)
      .set('Content-Type', 'application/json')
      .send(event.body);
    expect(delivered.status).toBe(200);
    expect(delivered.body.outcome).toBe('unknown_order');
    const row = await db()('payment_methods').where({ id: saved.body.method.id }).first();
    expect(row).toMatchObject({ provider_method_id: card.id, provider_customer_id: customerId });

    // Another customer cannot finish (or learn about) this setup.
    const stranger = await buyer(db());
    await request(providersApp())
      .post(`/api/payment-methods/setups/${started.body.setup_id}/finish`)
      .set('Authorization', bearer(stranger.id))
      .expect(404);

    // A second setup reuses the Stripe customer.
    await request(providersApp())
      .post('/api/payment-methods/setups')
      .set('Authorization', bearer(user.id))
      .send({ provider: 'stripe' })
      .expect(201);
    expect([...stripe.sessions.values()].at(-1)!.request.customer).toBe(customerId);
    expect(stripe.customers.size).toBeGreaterThanOrEqual(1);

    await request(providersApp()).delete(`/api/payment-methods/${saved.body.method.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(stripe.paymentMethods.get(card.id)!.customer).toBeNull();
    expect(await countRows(db(), 'payment_methods', { user_id: user.id })).toBe(0);
  });

  it('Stripe down: removing answers 502 and keeps the method', async () => {
    const user = await buyer(db());
    await request(providersApp())
      .post('/api/payment-methods/setups')
      .set('Authorization', bearer(user.id))
      .send({ provider: 'stripe' })
      .expect(201);
    const setupId = (await db()('payment_method_setups').where({ user_id: user.id }).first('id')).id as string;
    stripe.completeSetup([...stripe.sessions.keys()].at(-1)!);
    const saved = await request(providersApp())
      .post(`/api/payment-methods/setups/${setupId}/finish`)
      .set('Authorization', bearer(user.id))
      .expect(200);
    stripe.down(true);
    try {
      await request(providersApp())
        .delete(`/api/payment-methods/${saved.body.method.id}`)
        .set('Authorization', bearer(user.id))
        .expect(502);
    } finally {
      stripe.down(false);
    }
    expect(await countRows(db(), 'payment_methods', { user_id: user.id })).toBe(1);
  });
});

describe('Mollie: a first payment makes a mandate', () => {
  it('opens a 0.00 first payment on the Mollie customer; once paid the card mandate is saved; removing revokes it', async () => {
    const user = await buyer(db());
    const started = await request(providersApp())
      .post('/api/payment-methods/setups')
      .set('Authorization', bearer(user.id))
      .send({ provider: 'mollie', lng: 'fr' })
      .expect(201);
    const [paymentId, { payment }] = [...mollie.payments.entries()].at(-1)!;
    expect(payment).toMatchObject({ sequenceType: 'first', amount: { currency: 'EUR', value: '0.00' }, status: 'open' });
    expect(mollie.customers.get(payment.customerId!)).toMatchObject({ email: user.email });
    expect(started.body.redirect_url).toBe(payment._links.checkout!.href);

    const mandate = mollie.payFirst(paymentId);
    const saved = await request(providersApp())
      .post(`/api/payment-methods/setups/${started.body.setup_id}/finish`)
      .set('Authorization', bearer(user.id))
      .expect(200);
    expect(saved.body).toMatchObject({ status: 'saved', method: { provider: 'mollie', kind: 'card', brand: 'mastercard', last4: '6787' } });
    expect((await db()('payment_methods').where({ id: saved.body.method.id }).first()).provider_method_id).toBe(mandate.id);

    await request(providersApp()).delete(`/api/payment-methods/${saved.body.method.id}`).set('Authorization', bearer(user.id)).expect(200);
    expect(mollie.mandates.has(mandate.id)).toBe(false);
  });

  it('a direct-debit mandate shows the bank account masked; a failed first payment saves nothing', async () => {
    const user = await buyer(db());
    const start = () =>
      request(providersApp())
        .post('/api/payment-methods/setups')
        .set('Authorization', bearer(user.id))
        .send({ provider: 'mollie' })
        .expect(201);
    const one = await start();
    mollie.payFirst([...mollie.payments.keys()].at(-1)!, {
      method: 'directdebit',
      details: { consumerName: 'C. Dubois', consumerAccount: 'NL55INGB0000000000', consumerBic: 'INGBNL2A' },
    });
    const saved = await request(providersApp())
      .post(`/api/payment-methods/setups/${one.body.setup_id}/finish`)
      .set('Authorization', bearer(user.id))
      .expect(200);
    expect(saved.body.method).toMatchObject({ kind: 'directdebit', bank_account: 'NL** **** 0000', last4: null });
    expect(JSON.stringify(saved.body)).not.toContain('NL55INGB');

    const two = await start();
    mollie.setStatus([...mollie.payments.keys()].at(-1)!, 'failed');
    const failed = await request(providersApp())
      .post(`/api/payment-methods/setups/${two.body.setup_id}/finish`)
      .set('Authorization', bearer(user.id))
      .expect(200);
    expect(failed.body).toEqual({ status: 'failed', method: null });
    expect(await countRows(db(), 'payment_methods', { user_id: user.id })).toBe(1);
  });
});

describe('a customer who never comes back from the provider', () => {
  it('the renewal job asks for open setups after 10 minutes and stores the card once', async () => {
    const clock = createMovableClock(new Date());
    const user = await buyer(db());
    const app = createTestApp(db(), {
      clock,
      config: { stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase } },
    });
    const started = await request(app)
      .post('/api/payment-methods/setups')
      .set('Authorization', bearer(user.id))
      .send({ provider: 'stripe' })
      .expect(201);
    const card = stripe.completeSetup([...stripe.sessions.keys()].at(-1)!);
    const job = createSavedMethods({
      db: db(),
      recurring: { stripe: createStripeRecurring({ secretKey: stripe.secretKey, apiBase: stripe.apiBase }) },
      sandbox: false,
      publicUrl: TEST_PUBLIC_URL,
      clock,
      logger: testLogger(),
    });
    expect(await job.sweepOpenSetups()).toBe(0); // the customer may still be on their way back
    clock.advance({ minutes: 11 });
    expect(await job.sweepOpenSetups()).toBe(1);
    expect(await job.sweepOpenSetups()).toBe(0);
    const rows = await db()('payment_methods').where({ user_id: user.id });
    expect(rows).toEqual([expect.objectContaining({ provider_method_id: card.id, is_default: true })]);
    // The return page, late, answers the same method.
    const late = await request(app)
      .post(`/api/payment-methods/setups/${started.body.setup_id}/finish`)
      .set('Authorization', bearer(user.id))
      .expect(200);
    expect(late.body).toMatchObject({ status: 'saved', method: { id: Number(rows[0].id) } });
  });
});
