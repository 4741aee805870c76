import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe';
import { createStripeRecurring } from './recurring/stripe-recurring';
import { createStripeAdapter, type StripeAdapterConfig } from './stripe';
import { PaymentProviderError, WebhookVerificationError, type PaymentAdapter, type PaymentRequest } from './types';

// The real `stripe` SDK against the local fake: what goes over the wire, signatures, errors.

let fake: StripeFake;
let adapter: PaymentAdapter;

const request = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderId: 42,
  orderUuid: '0b9e4c1e-8f0a-4c55-9d0c-3f2a1b7e6d10',
  amountCents: 2499,
  currency: 'EUR',
  description: 'HubHost commande n°42',
  customerEmail: 'client@example.test',
  successUrl: 'https://shop.example/fr/payment/success?orderId=42',
  cancelUrl: 'https://shop.example/fr/payment/cancel?orderId=42',
  webhookUrl: 'https://shop.example/api/webhooks/stripe',
  language: 'fr',
  ...overrides,
});

const webhook = (signed: { body: string; headers: Record<string, string> }) => ({
  rawBody: Buffer.from(signed.body),
  headers: signed.headers,
});

/** An adapter on the fake, with its keys unless overridden. */
const adapterFor = (overrides: Partial<StripeAdapterConfig> = {}) =>
  createStripeAdapter({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.apiBase,
    ...overrides,
  });

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to throw');
}

beforeAll(async () => {
  fake = await startStripeFake();
  adapter = adapterFor();
});
afterAll(() => fake.close());
beforeEach(() => fake.down(false));

describe('Stripe adapter: createPayment', () => {
  it('opens a Checkout Session with the amount, currency, metadata and return URLs', async () => {
    const created = await adapter.createPayment(request());

    expect(created.providerRef).toMatch(/^cs_test_/);
    const stored = fake.sessions.get(created.providerRef);
    expect(created.redirectUrl).toBe(stored?.session.url);
    expect(stored?.request).toEqual({
      mode: 'payment',
      client_reference_id: '42',
      customer_email: 'client@example.test',
      metadata: { orderId: '42', orderUuid: '0b9e4c1e-8f0a-4c55-9d0c-3f2a1b7e6d10' },
      payment_intent_data: { metadata: { orderId: '42', orderUuid: '0b9e4c1e-8f0a-4c55-9d0c-3f2a1b7e6d10' } },
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'eur', unit_amount: '2499', product_data: { name: 'HubHost commande n°42' } },
        },
      ],
      success_url: 'https://shop.example/fr/payment/success?orderId=42',
      cancel_url: 'https://shop.example/fr/payment/cancel?orderId=42',
      locale: 'fr', // Stripe's page in the customer's language
    });
    const call = fake.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(call?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(call?.headers['content-type']).toContain('application/x-www-form-urlencoded');
  });

  it('sends amounts as exact integer cents', async () => {
    for (const cents of [1, 5, 1999, 100000]) {
      const { providerRef } = await adapter.createPayment(request({ amountCents: cents }));
      expect(fake.sessions.get(providerRef)?.session.amount_total).toBe(cents);
    }
  });

  it("ends the page when the order's reservation ends, within Stripe's 30 min to 24 h bounds", async () => {
    const expiresIn = async (payableForSeconds: number) => {
      const before = Math.floor(Date.now() / 1000);
      const { providerRef } = await adapter.createPayment(request({ payableForSeconds }));
      return Number(fake.sessions.get(providerRef)?.request.expires_at) - before;
    };
    expect(await expiresIn(3600)).toBeGreaterThanOrEqual(3600);
    expect(await expiresIn(3600)).toBeLessThanOrEqual(3601);
    expect(await expiresIn(60)).toBeGreaterThanOrEqual(31 * 60); // Stripe refuses less than 30 minutes
    expect(await expiresIn(5 * 24 * 3600)).toBeLessThanOrEqual(24 * 3600); // nor more than a day
    const { providerRef } = await adapter.createPayment(request());
    expect(fake.sessions.get(providerRef)?.request.expires_at).toBeUndefined(); // no reservation: Stripe's default
  });

  it('gives a PaymentProviderError when Stripe is down, without the secret key', async () => {
    fake.down(true);
    const before = fake.requests.length;
    const err = await caught(adapter.createPayment(request()));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).provider).toBe('stripe');
    expect((err as Error).message).toMatch(/503/);
    expect((err as Error).message).not.toContain(fake.secretKey);
    // maxNetworkRetries: 1, so the SDK tried twice before giving up.
    expect(fake.requests.length - before).toBe(2);
  });

  it('gives a PaymentProviderError for a refused key, without the key', async () => {
    const wrongKey = `sk_test_${'x'.repeat(32)}`;
    const wrong = adapterFor({ secretKey: wrongKey });
    const err = await caught(wrong.createPayment(request()));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).toContain('refused the API key');
    expect((err as Error).message).not.toContain(wrongKey);
    expect((err as Error).message).not.toContain(fake.secretKey);
  });

  it('gives a PaymentProviderError when nothing listens', async () => {
    const closed = await startStripeFake();
    await closed.close();
    const unreachable = adapterFor({ secretKey: closed.secretKey, apiBase: closed.apiBase });
    const err = await caught(unreachable.createPayment(request()));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).toContain('could not be reached');
    expect((err as Error).message).not.toContain(closed.secretKey);
  });
});

describe('Stripe adapter: parseWebhook', () => {
  it('normalises a paid checkout.session.completed', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.completeSession(providerRef);
    const signed = fake.signedEvent('checkout.session.completed', providerRef, { id: 'evt_test_paid_1' });

    const event = await adapter.parseWebhook(webhook(signed));

    expect(event).toEqual({
      provider: 'stripe',
      eventId: 'evt_test_paid_1',
      eventType: 'checkout.session.completed',
      outcome: 'paid',
      providerPaymentId: providerRef,
      orderId: 42,
      amountCents: 2499,
      currency: 'EUR',
      payload: {
        type: 'checkout.session.completed',
        sessionId: providerRef,
        status: 'complete',
        payment_status: 'paid',
      },
      occurredAtMs: (JSON.parse(signed.body) as { created: number }).created * 1000,
    });
  });

  it('ignores a completed session still unpaid (async method), then follows its async events', async () => {
    const { providerRef } = await adapter.createPayment(request({ orderId: 7, amountCents: 1000 }));
    fake.completeSession(providerRef, 'unpaid');

    const completed = await adapter.parseWebhook(webhook(fake.signedEvent('checkout.session.completed', providerRef)));
    expect(completed.outcome).toBe('ignored');
    expect(completed.orderId).toBe(7);

    const failedEvent = fake.signedEvent('checkout.session.async_payment_failed', providerRef);
    const failed = await adapter.parseWebhook(webhook(failedEvent));
    expect(failed).toMatchObject({ outcome: 'failed', providerPaymentId: providerRef, orderId: 7 });

    fake.completeSession(providerRef, 'paid');
    const succeededEvent = fake.signedEvent('checkout.session.async_payment_succeeded', providerRef);
    const succeeded = await adapter.parseWebhook(webhook(succeededEvent));
    expect(succeeded).toMatchObject({ outcome: 'paid', amountCents: 1000, currency: 'EUR', orderId: 7 });
  });

  it('maps an expired session to cancelled and unknown types to ignored', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.expireSession(providerRef);
    const expired = await adapter.parseWebhook(webhook(fake.signedEvent('checkout.session.expired', providerRef)));
    expect(expired).toMatchObject({ outcome: 'cancelled', eventType: 'checkout.session.expired', orderId: 42 });

    const other = await adapter.parseWebhook(webhook(fake.signedEvent('customer.created', providerRef)));
    expect(other.outcome).toBe('ignored');
  });

  it('falls back to client_reference_id for the order id', async () => {
    const { providerRef } = await adapter.createPayment(request({ orderId: 314 }));
    const session = fake.completeSession(providerRef);
    session.metadata = {};
    const event = await adapter.parseWebhook(webhook(fake.signedEvent('checkout.session.completed', providerRef)));
    expect(event.orderId).toBe(314);
  });

  it('refuses an event signed with another secret', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.completeSession(providerRef);
    const forged = fake.signedEvent('checkout.session.completed', providerRef, { secret: 'whsec_attacker' });
    const err = await caught(adapter.parseWebhook(webhook(forged)));
    expect(err).toBeInstanceOf(WebhookVerificationError);
  });

  it('refuses a body changed after signing', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.completeSession(providerRef);
    const signed = fake.signedEvent('checkout.session.completed', providerRef);
    const tampered = { ...signed, body: signed.body.replace('"amount_total": 2499', '"amount_total": 1') };
    expect(tampered.body).not.toBe(signed.body);
    await expect(adapter.parseWebhook(webhook(tampered))).rejects.toBeInstanceOf(WebhookVerificationError);
  });

  it('refuses an event without a signature header', async () => {
    const { providerRef } = await adapter.createPayment(request());
    const { body } = fake.signedEvent('checkout.session.completed', providerRef);
    const unsigned = { rawBody: Buffer.from(body), headers: {} };
    await expect(adapter.parseWebhook(unsigned)).rejects.toBeInstanceOf(WebhookVerificationError);
  });
});

describe('Stripe adapter: fetchPayment', () => {
  it('reads an open session as ignored, then a paid one as paid', async () => {
    const { providerRef } = await adapter.createPayment(request({ amountCents: 1234 }));

    const open = await adapter.fetchPayment(providerRef);
    expect(open).toMatchObject({ outcome: 'ignored', eventId: `${providerRef}:unpaid` });

    fake.completeSession(providerRef);
    const paid = await adapter.fetchPayment(providerRef);
    expect(paid).toEqual({
      provider: 'stripe',
      eventId: `${providerRef}:paid`,
      eventType: 'checkout.session.complete',
      outcome: 'paid',
      providerPaymentId: providerRef,
      orderId: 42,
      amountCents: 1234,
      currency: 'EUR',
      payload: {
        type: 'checkout.session.complete',
        sessionId: providerRef,
        status: 'complete',
        payment_status: 'paid',
      },
    });
  });

  it('reads an expired session as cancelled, under its own event id', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.expireSession(providerRef);
    const expired = await adapter.fetchPayment(providerRef);
    expect(expired).toMatchObject({ outcome: 'cancelled', eventId: `${providerRef}:expired` });
  });

  it('sees the payment made on the session page (the fake pays at once and sends the customer back)', async () => {
    const { providerRef, redirectUrl } = await adapter.createPayment(request());
    const page = await fetch(redirectUrl, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('https://shop.example/fr/payment/success?orderId=42');
    expect(await adapter.fetchPayment(providerRef)).toMatchObject({ outcome: 'paid', amountCents: 2499 });
  });

  it('gives null for a session Stripe does not know, or a malformed id', async () => {
    expect(await adapter.fetchPayment('cs_test_doesnotexist')).toBeNull();
    expect(await adapter.fetchPayment('../v1/customers')).toBeNull();
  });

  it('gives a PaymentProviderError when Stripe is down', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.down(true);
    const err = await caught(adapter.fetchPayment(providerRef));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).not.toContain(fake.secretKey);
  });
});

describe('Stripe adapter: closePayment', () => {
  it('expires an open session: its page takes no payment any more', async () => {
    const { providerRef, redirectUrl } = await adapter.createPayment(request());

    expect(await adapter.closePayment(providerRef)).toBe('closed');

    const call = fake.requests.findLast((r) => r.path === `/v1/checkout/sessions/${providerRef}/expire`);
    expect(call).toMatchObject({ method: 'POST', headers: { authorization: `Bearer ${fake.secretKey}` } });
    expect(fake.sessions.get(providerRef)?.session).toMatchObject({ status: 'expired', url: null });
    expect((await fetch(redirectUrl, { redirect: 'manual' })).status).toBe(404);
    expect(fake.sessions.get(providerRef)?.session.payment_status).toBe('unpaid');
  });

  it('reports a session paid before it could be expired, and one already expired as closed', async () => {
    const paid = await adapter.createPayment(request());
    fake.completeSession(paid.providerRef);
    expect(await adapter.closePayment(paid.providerRef)).toBe('paid');
    expect(fake.sessions.get(paid.providerRef)?.session.status).toBe('complete');

    const expired = await adapter.createPayment(request());
    fake.expireSession(expired.providerRef);
    expect(await adapter.closePayment(expired.providerRef)).toBe('closed');

    const settling = await adapter.createPayment(request());
    fake.completeSession(settling.providerRef, 'unpaid'); // an async method: the money may still come
    expect(await adapter.closePayment(settling.providerRef)).toBe('open');
  });

  it('has nothing to close for an unknown session or a malformed id', async () => {
    expect(await adapter.closePayment('cs_test_doesnotexist')).toBe('closed');
    const before = fake.requests.length;
    expect(await adapter.closePayment('../v1/customers')).toBe('closed');
    expect(fake.requests.length).toBe(before);
  });

  it('gives a PaymentProviderError when Stripe is down (the caller retries)', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.down(true);
    const err = await caught(adapter.closePayment(providerRef));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).not.toContain(fake.secretKey);
  });
});

describe('Stripe adapter: refund', () => {
  async function paidSession(amountCents = 2499) {
    const { providerRef } = await adapter.createPayment(request({ amountCents }));
    return fake.completeSession(providerRef);
  }

  it("refunds the session's payment intent with the amount and our idempotency key", async () => {
    const session = await paidSession();
    const key = crypto.randomUUID();

    const result = await adapter.refund({ paymentRef: session.id, amountCents: 2499, currency: 'EUR', idempotencyKey: key });

    expect(result).toEqual({ refundId: expect.stringMatching(/^re_/), status: 'succeeded' });
    const made = fake.refunds.get(result.refundId);
    expect(made?.refund).toMatchObject({ object: 'refund', amount: 2499, currency: 'eur', payment_intent: session.payment_intent });
    expect(made?.request).toMatchObject({ payment_intent: session.payment_intent, amount: '2499', metadata: { orderId: '42' } });
    const call = fake.requests.findLast((r) => r.path === '/v1/refunds');
    expect(call?.headers['idempotency-key']).toBe(key);
  });

  it('a retry with the same key gets the first refund back, not a second one', async () => {
    const session = await paidSession(1000);
    const refund = { paymentRef: session.id, amountCents: 1000, currency: 'EUR', idempotencyKey: crypto.randomUUID() };
    const first = await adapter.refund(refund);
    const again = await adapter.refund(refund);
    expect(again).toEqual(first);
    expect([...fake.refunds.values()].filter((r) => r.refund.payment_intent === session.payment_intent)).toHaveLength(1);
  });

  it('refunds an automatic renewal, charged off-session on a saved card, by its payment intent', async () => {
    const recurring = createStripeRecurring({ secretKey: fake.secretKey, apiBase: fake.apiBase });
    const setup = await recurring.startSetup({
      customerId: null,
      email: 'lea@example.test',
      name: 'Léa',
      setupId: crypto.randomUUID(),
      returnUrl: 'http://shop.test/r',
      cancelUrl: 'http://shop.test/c',
      language: 'fr',
      currency: 'EUR',
    });
    const card = fake.completeSetup(setup.providerRef);
    const charged = await recurring.charge({
      customerId: setup.customerId,
      providerMethodId: card.id,
      amountCents: 899,
      currency: 'EUR',
      description: 'Renouvellement',
      orderId: 77,
      orderUuid: crypto.randomUUID(),
      idempotencyKey: crypto.randomUUID(),
      webhookUrl: 'http://shop.test/webhooks/stripe',
    });
    expect(charged).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^pi_/) });
    const intent = (charged as { providerRef: string }).providerRef;

    const result = await adapter.refund({ paymentRef: intent, amountCents: 899, currency: 'EUR', idempotencyKey: crypto.randomUUID() });

    expect(result.status).toBe('succeeded');
    expect(fake.refunds.get(result.refundId)?.refund).toMatchObject({ amount: 899, currency: 'eur', payment_intent: intent });
    const more = adapter.refund({ paymentRef: intent, amountCents: 1, currency: 'EUR', idempotencyKey: crypto.randomUUID() });
    expect(String(await caught(more))).toContain('charge_already_refunded');
    expect(
      await caught(adapter.refund({ paymentRef: intent, amountCents: 899, currency: 'USD', idempotencyKey: crypto.randomUUID() })),
    ).toBeInstanceOf(PaymentProviderError);
    expect(
      await caught(adapter.refund({ paymentRef: 'pi_unknown', amountCents: 1, currency: 'EUR', idempotencyKey: crypto.randomUUID() })),
    ).toBeInstanceOf(PaymentProviderError);
  });

  it('refuses more than was paid, an unpaid session, another currency and a malformed id', async () => {
    const session = await paidSession(500);
    const refund = (overrides: object) =>
      caught(
        adapter.refund({ paymentRef: session.id, amountCents: 500, currency: 'EUR', idempotencyKey: crypto.randomUUID(), ...overrides }),
      );
    expect(String(await refund({ amountCents: 501 }))).toContain('amount_too_large');
    expect(await refund({ currency: 'USD' })).toBeInstanceOf(PaymentProviderError);
    const unpaid = await adapter.createPayment(request());
    expect(await refund({ paymentRef: unpaid.providerRef })).toBeInstanceOf(PaymentProviderError);
    expect(await refund({ paymentRef: 'pi_../../v1/customers' })).toBeInstanceOf(PaymentProviderError);
    expect([...fake.refunds.values()].filter((r) => r.refund.payment_intent === session.payment_intent)).toHaveLength(0);
  });
});
