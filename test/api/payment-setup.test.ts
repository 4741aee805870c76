import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderSetupCheck } from '../../server/modules/payments/provider-setup';
import { createPaymentAdapters } from '../../server/providers/payments/index';
import { startMollieFake, type MollieFake } from '../fakes/mollie';
import { startPaypalFake, type PaypalFake } from '../fakes/paypal';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { createTestApp, TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 20, "setup that cannot be forgotten": with real keys, the shop asks each provider at
// start-up what it will notify and warns once per missing thing; /api/ready shows the result and
// stays ready whatever the providers answer.

let database: TestDatabase;
let stripe: StripeFake;
let paypal: PaypalFake;
let mollie: MollieFake;

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  // Fresh fakes per test: each starts with no webhook registered.
  mollie?.stop();
  await paypal?.close();
  await stripe?.close();
  stripe = await startStripeFake();
  paypal = await startPaypalFake();
  mollie = startMollieFake();
});
afterAll(async () => {
  mollie.stop();
  await paypal.close();
  await stripe.close();
  await database.destroy();
});

const STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];

function keys(mollieKey = mollie.apiKey) {
  return {
    stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase },
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId: paypal.webhookId, apiBase: paypal.apiBase },
    mollie: { apiKey: mollieKey, apiBase: mollie.apiBase },
  };
}

function setupCheck(options: { publicUrl?: string; mollieKey?: string; timeoutMs?: number } = {}) {
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL;
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const logger = {
    info: () => undefined,
    warn: (...args: unknown[]) => void warnings.push({ fields: args[0] as Record<string, unknown>, message: String(args[1]) }),
  };
  const adapters = createPaymentAdapters(keys(options.mollieKey), { db: database.db, publicUrl, jwtSecret: TEST_JWT_SECRET });
  const check = createProviderSetupCheck({ adapters, publicUrl, logger, timeoutMs: options.timeoutMs });
  return { check, warnings };
}

const ready = (check: ReturnType<typeof setupCheck>['check']) =>
  request(createTestApp(database.db, { paymentSetup: check }))
    .get('/api/ready')
    .expect(200);

describe('the payment set-up check', () => {
  it('finds every webhook in place: no warning, /api/ready says ok for each provider', async () => {
    stripe.addWebhookEndpoint(`${TEST_PUBLIC_URL}/api/webhooks/stripe`, STRIPE_EVENTS);
    paypal.registerWebhook(`${TEST_PUBLIC_URL}/api/webhooks/paypal`, ['*']);
    const { check, warnings } = setupCheck();

    expect((await ready(check)).body.payments.stripe).toEqual({ status: 'checking', missing: [] });
    await check.run();

    expect(warnings).toEqual([]);
    expect((await ready(check)).body).toEqual({
      status: 'ready',
      payments: {
        stripe: { status: 'ok', missing: [] },
        paypal: { status: 'ok', missing: [] },
        mollie: { status: 'ok', missing: [] },
      },
    });
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/webhook_endpoints')).toBe(true);
    expect(paypal.requests.some((r) => r.method === 'GET' && r.path === '/v1/notifications/webhooks')).toBe(true);
    expect(mollie.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v2/methods'))).toBe(true);
  });

  it('warns once per missing thing, naming it, and never logs a key', async () => {
    // Stripe: only completed is enabled at our URL (the others are on an endpoint elsewhere or disabled).
    stripe.addWebhookEndpoint(`${TEST_PUBLIC_URL}/api/webhooks/stripe`, ['checkout.session.completed']);
    stripe.addWebhookEndpoint('https://other.example/hook', ['*']);
    stripe.addWebhookEndpoint(`${TEST_PUBLIC_URL}/api/webhooks/stripe`, ['checkout.session.expired']).status = 'disabled';
    // PayPal: the webhook PAYPAL_WEBHOOK_ID names points elsewhere and lacks three events.
    paypal.registerWebhook('https://old-shop.example/api/webhooks/paypal', ['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
    const { check, warnings } = setupCheck();
    await check.run();

    const { payments } = (await ready(check)).body;
    expect(payments.stripe).toEqual({
      status: 'incomplete',
      missing: [
        'event:checkout.session.async_payment_succeeded',
        'event:checkout.session.async_payment_failed',
        'event:checkout.session.expired',
      ],
    });
    expect(payments.paypal).toEqual({
      status: 'incomplete',
      missing: ['webhook_url', 'event:CHECKOUT.ORDER.VOIDED', 'event:PAYMENT.CAPTURE.DENIED', 'event:PAYMENT.CAPTURE.DECLINED'],
    });
    expect(payments.mollie).toEqual({ status: 'ok', missing: [] });

    expect(warnings.map((w) => w.fields.missing)).toEqual([...payments.stripe.missing, ...payments.paypal.missing]);
    const stripeWarning = warnings.find((w) => w.fields.missing === 'event:checkout.session.async_payment_succeeded');
    expect(stripeWarning?.message).toContain('checkout.session.async_payment_succeeded');
    expect(stripeWarning?.message).toContain(`${TEST_PUBLIC_URL}/api/webhooks/stripe`);
    const logged = JSON.stringify(warnings);
    for (const secret of [stripe.secretKey, stripe.webhookSecret, paypal.clientSecret, mollie.apiKey]) expect(logged).not.toContain(secret);
  });

  it('no endpoint at all, a PayPal webhook id unknown to the app, a local PUBLIC_URL and a refused Mollie key are each named', async () => {
    const local = 'http://localhost:3000';
    const { check, warnings } = setupCheck({ publicUrl: local, mollieKey: 'test_refusedrefusedrefusedrefused' });
    await check.run();

    const { payments } = (await ready(check)).body;
    expect(payments.stripe).toEqual({ status: 'incomplete', missing: ['no_webhook'] });
    expect(payments.paypal).toEqual({ status: 'incomplete', missing: ['no_webhook'] });
    expect(payments.mollie).toEqual({ status: 'incomplete', missing: ['local_webhook_url', 'api_key'] });
    expect(warnings).toHaveLength(4);
    expect(warnings.find((w) => w.fields.missing === 'local_webhook_url')?.message).toContain(`${local}/api/webhooks/mollie`);
  });

  it('a provider that cannot be asked is reported unreachable with a warning; the instance stays ready', async () => {
    stripe.down(true);
    mollie.down(true, 'network');
    paypal.registerWebhook(`${TEST_PUBLIC_URL}/api/webhooks/paypal`, ['*']);
    const { check, warnings } = setupCheck();
    await check.run();

    const res = await ready(check);
    expect(res.body.status).toBe('ready');
    expect(res.body.payments).toEqual({
      stripe: { status: 'unreachable', missing: [] },
      paypal: { status: 'ok', missing: [] },
      mollie: { status: 'unreachable', missing: [] },
    });
    expect(warnings.map((w) => w.fields.provider).sort()).toEqual(['mollie', 'stripe']);
  });

  it('a provider that never answers does not hold the check past its time limit', async () => {
    const hang = new Promise<never>(() => undefined);
    // The Stripe adapter's own limit is 10 s: a hung call is cut at the check's limit instead.
    const adapters = createPaymentAdapters(keys(), { db: database.db, publicUrl: TEST_PUBLIC_URL, jwtSecret: TEST_JWT_SECRET });
    const slow = createProviderSetupCheck({
      adapters: { ...adapters, stripe: { ...adapters.stripe, checkSetup: () => hang } },
      publicUrl: TEST_PUBLIC_URL,
      logger: { info: () => undefined, warn: () => undefined },
      timeoutMs: 50,
    });
    const started = Date.now();
    const report = await slow.run();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(report.stripe).toEqual({ status: 'unreachable', missing: [] });
  });

  it('without provider keys there is nothing to check and /api/ready shows no payments detail', async () => {
    const adapters = createPaymentAdapters({}, { db: database.db, publicUrl: TEST_PUBLIC_URL, jwtSecret: TEST_JWT_SECRET });
    const check = createProviderSetupCheck({
      adapters,
      publicUrl: TEST_PUBLIC_URL,
      logger: { info: () => undefined, warn: () => undefined },
    });
    await check.run();
    expect((await ready(check)).body).toEqual({ status: 'ready' });
  });
});
