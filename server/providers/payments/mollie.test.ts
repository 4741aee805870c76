// The module object, not named imports: nock patches its properties, which named ESM bindings do not follow.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMollieFake, type MollieFake } from '../../../test/fakes/mollie';
import { createMollieAdapter } from './mollie';
import { PaymentProviderError, WebhookVerificationError, type PaymentAdapter, type PaymentRequest } from './types';

// The real @mollie/api-client against the nock fake: what goes over the wire, statuses, errors.

let fake: MollieFake;
let adapter: PaymentAdapter;

const request = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  orderId: 42,
  orderUuid: '7d3c1a2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  amountCents: 2499,
  currency: 'EUR',
  description: 'HubHost commande n°42',
  customerEmail: 'client@example.test',
  successUrl: 'https://shop.example/fr/payment/success?orderId=42',
  cancelUrl: 'https://shop.example/fr/payment/cancel?orderId=42',
  webhookUrl: 'https://shop.example/api/webhooks/mollie',
  language: 'fr',
  ...overrides,
});

/** Mollie's notification: a form body with the payment id and nothing else. */
const notification = (id: string) => ({
  rawBody: Buffer.from(`id=${encodeURIComponent(id)}`),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to throw');
}

beforeAll(() => {
  fake = startMollieFake();
  adapter = createMollieAdapter({ apiKey: fake.apiKey, apiBase: fake.apiBase });
});
afterAll(() => fake.stop());
beforeEach(() => fake.down(false));

describe('Mollie adapter: createPayment', () => {
  it('creates a payment with the exact amount, URLs and metadata, and gives the checkout URL', async () => {
    const created = await adapter.createPayment(request());

    expect(created.providerRef).toMatch(/^tr_[A-Za-z0-9]{10}$/);
    const stored = fake.payments.get(created.providerRef);
    expect(created.redirectUrl).toBe(stored?.payment._links.checkout?.href);
    expect(created.redirectUrl).toMatch(/^https:\/\/www\.mollie\.com\/checkout\//);
    expect(stored?.request).toEqual({
      amount: { currency: 'EUR', value: '24.99' },
      description: 'HubHost commande n°42',
      redirectUrl: 'https://shop.example/fr/payment/success?orderId=42',
      cancelUrl: 'https://shop.example/fr/payment/cancel?orderId=42',
      locale: 'fr_BE', // Mollie's page in the customer's language
      webhookUrl: 'https://shop.example/api/webhooks/mollie',
      metadata: { orderId: 42, orderUuid: '7d3c1a2b-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
    });
    const call = fake.requests.findLast((r) => r.method === 'POST');
    expect(call?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  });

  it('sends exact decimal amounts', async () => {
    for (const [cents, value] of [
      [5, '0.05'],
      [10, '0.10'],
      [1999, '19.99'],
      [100000, '1000.00'],
    ] as const) {
      const { providerRef } = await adapter.createPayment(request({ amountCents: cents }));
      expect(fake.payments.get(providerRef)?.payment.amount).toEqual({ currency: 'EUR', value });
    }
  });

  it('leaves out a local webhook URL, which Mollie refuses', async () => {
    const local = request({ webhookUrl: 'http://localhost:3000/api/webhooks/mollie' });
    const { providerRef } = await adapter.createPayment(local);
    expect(fake.payments.get(providerRef)?.request).not.toHaveProperty('webhookUrl');
  });

  it('gives a PaymentProviderError when Mollie is down, without the key', async () => {
    fake.down(true);
    const before = fake.requests.length;
    const err = await caught(adapter.createPayment(request()));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).provider).toBe('mollie');
    expect((err as Error).message).toContain('503');
    expect((err as Error).message).not.toContain(fake.apiKey);
    expect(fake.requests.length - before).toBe(3); // the client's own retries on 5xx
  });

  it('gives a PaymentProviderError when the connection drops', async () => {
    fake.down(true, 'network');
    const err = await caught(adapter.createPayment(request()));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).toContain('could not be reached');
  });

  it('gives a PaymentProviderError for a refused key, without the key', async () => {
    const wrongKey = `test_${'w'.repeat(30)}`;
    const wrong = createMollieAdapter({ apiKey: wrongKey, apiBase: fake.apiBase });
    const err = await caught(wrong.createPayment(request()));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).toBe('Mollie payment not created: Mollie refused the API key');
    expect((err as Error).message).not.toContain(wrongKey);
  });
});

describe('Mollie adapter: parseWebhook', () => {
  it('fetches the payment back and normalises a paid one', async () => {
    const { providerRef } = await adapter.createPayment(request({ orderId: 8, amountCents: 1005 }));
    fake.setStatus(providerRef, 'paid');

    const event = await adapter.parseWebhook(notification(providerRef));

    expect(event).toEqual({
      provider: 'mollie',
      eventId: `${providerRef}:paid`,
      eventType: 'payment.paid',
      outcome: 'paid',
      providerPaymentId: providerRef,
      orderId: 8,
      amountCents: 1005,
      currency: 'EUR',
      payload: { paymentId: providerRef, status: 'paid', method: 'ideal', mode: 'test' },
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/payments/${providerRef}` });
  });

  it('maps every Mollie status', async () => {
    const { providerRef } = await adapter.createPayment(request());
    const expected = {
      open: 'ignored',
      pending: 'ignored',
      authorized: 'authorized',
      failed: 'failed',
      canceled: 'cancelled',
      expired: 'cancelled',
      paid: 'paid',
    } as const;
    for (const [status, outcome] of Object.entries(expected)) {
      fake.setStatus(providerRef, status as keyof typeof expected);
      const event = await adapter.parseWebhook(notification(providerRef));
      const got = { status, outcome: event.outcome, eventId: event.eventId };
      expect(got).toEqual({ status, outcome, eventId: `${providerRef}:${status}` });
    }
  });

  it('keeps an open payment as ignored', async () => {
    const { providerRef } = await adapter.createPayment(request());
    const event = await adapter.parseWebhook(notification(providerRef));
    expect(event).toMatchObject({ outcome: 'ignored', eventId: `${providerRef}:open` });
  });

  it('refuses a notification for a payment Mollie does not know', async () => {
    const err = await caught(adapter.parseWebhook(notification('tr_Forged12345')));
    expect(err).toBeInstanceOf(WebhookVerificationError);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v2/payments/tr_Forged12345' });
  });

  it('refuses a notification without a payment id, or with a malformed one', async () => {
    const before = fake.requests.length;
    const empty = { rawBody: Buffer.from(''), headers: {} };
    await expect(adapter.parseWebhook(empty)).rejects.toBeInstanceOf(WebhookVerificationError);
    const malformed = notification('tr_../../customers');
    await expect(adapter.parseWebhook(malformed)).rejects.toBeInstanceOf(WebhookVerificationError);
    expect(fake.requests.length).toBe(before); // nothing to ask Mollie
  });

  it('gives a PaymentProviderError (not a verification failure) when Mollie is unreachable', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.down(true, 'network');
    const err = await caught(adapter.parseWebhook(notification(providerRef)));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).not.toContain(fake.apiKey);
  });
});

describe('Mollie adapter: fetchPayment', () => {
  it('reads the payment as it is now', async () => {
    const { providerRef } = await adapter.createPayment(request({ amountCents: 700 }));
    const open = await adapter.fetchPayment(providerRef);
    expect(open).toMatchObject({ outcome: 'ignored', amountCents: 700, orderId: 42 });
    fake.setStatus(providerRef, 'expired');
    const expired = await adapter.fetchPayment(providerRef);
    expect(expired).toMatchObject({ outcome: 'cancelled', eventId: `${providerRef}:expired` });
  });

  it('gives null for an unknown or malformed id', async () => {
    expect(await adapter.fetchPayment('tr_Unknown0001')).toBeNull();
    expect(await adapter.fetchPayment('cs_test_123')).toBeNull();
  });
});

describe('Mollie fake and other HTTP traffic', () => {
  it('lets requests to local servers through while it intercepts Mollie', async () => {
    const server = http.createServer((_req, res) => res.end('local ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('local ok');
      const viaHttp = await new Promise<string>((resolve, reject) => {
        http
          .get(`http://localhost:${port}/`, (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve(text));
          })
          .on('error', reject);
      });
      expect(viaHttp).toBe('local ok');
    } finally {
      server.close();
    }
  });

  it('refuses requests to the internet while it runs', async () => {
    const err = await new Promise<Error>((resolve) => {
      http.get('http://example.com/', () => resolve(new Error('got an answer'))).on('error', resolve);
    });
    expect(err.message).toMatch(/Disallowed net connect/);
    const fetchErr = await caught(fetch('https://api.mollie.com/v2/payments'));
    expect(String((fetchErr as Error).cause ?? fetchErr)).toMatch(/Disallowed net connect/);
  });

  it('removes its interceptors on stop()', () => {
    const other = startMollieFake();
    const mollieMocks = () => nock.activeMocks().filter((m) => m.includes('api.mollie.test'));
    const perFake = mollieMocks().length / 2; // this fake's interceptors, and the suite's as many
    expect(perFake).toBeGreaterThanOrEqual(5);
    other.stop();
    expect(mollieMocks().length).toBe(perFake);
    // stop() allowed all traffic again: put the suite's local-only rule back.
    fake.stop();
    fake = startMollieFake();
    adapter = createMollieAdapter({ apiKey: fake.apiKey, apiBase: fake.apiBase });
  });
});

describe('Mollie adapter: closePayment', () => {
  it('cancels a payment Mollie lets us cancel: no checkout link any more', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.payments.get(providerRef)!.payment.isCancelable = true; // e.g. a bank transfer waiting for the money

    expect(await adapter.closePayment(providerRef)).toBe('closed');

    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v2/payments/${providerRef}` });
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(fake.payments.get(providerRef)?.payment).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    expect(fake.payments.get(providerRef)?.payment._links.checkout).toBeUndefined();
  });

  it('reports an open payment Mollie will not cancel (it lapses on its own), a paid one, and an ended one', async () => {
    const open = await adapter.createPayment(request());
    expect(await adapter.closePayment(open.providerRef)).toBe('open');
    expect(fake.requests.slice(-2).map((r) => r.method)).toEqual(['DELETE', 'GET']);

    const paid = await adapter.createPayment(request());
    fake.setStatus(paid.providerRef, 'paid');
    expect(await adapter.closePayment(paid.providerRef)).toBe('paid');

    const expired = await adapter.createPayment(request());
    fake.setStatus(expired.providerRef, 'expired');
    expect(await adapter.closePayment(expired.providerRef)).toBe('closed');
  });

  it('has nothing to close for an unknown or malformed id', async () => {
    expect(await adapter.closePayment('tr_Unknown0002')).toBe('closed');
    const before = fake.requests.length;
    expect(await adapter.closePayment('tr_../customers')).toBe('closed');
    expect(fake.requests.length).toBe(before);
  });

  it('gives a PaymentProviderError when Mollie is down (the caller retries)', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.down(true, 'network');
    expect(await caught(adapter.closePayment(providerRef))).toBeInstanceOf(PaymentProviderError);
  });
});

describe('Mollie adapter: refund', () => {
  async function paidPayment(amountCents = 2499) {
    const { providerRef } = await adapter.createPayment(request({ amountCents }));
    fake.setStatus(providerRef, 'paid');
    return providerRef;
  }

  it('creates a payment refund with the exact amount and our idempotency key', async () => {
    const paymentId = await paidPayment(1005);
    const key = crypto.randomUUID();

    const result = await adapter.refund({ paymentRef: paymentId, amountCents: 1005, currency: 'EUR', idempotencyKey: key });

    expect(result).toEqual({ refundId: expect.stringMatching(/^re_/), status: 'pending' }); // Mollie moves the money later
    expect(fake.refunds.get(result.refundId)?.refund).toMatchObject({ paymentId, amount: { currency: 'EUR', value: '10.05' } });
    const call = fake.requests.at(-1);
    expect(call).toMatchObject({
      method: 'POST',
      path: `/v2/payments/${paymentId}/refunds`,
      body: { amount: { currency: 'EUR', value: '10.05' } },
    });
    expect(call?.headers['idempotency-key']).toBe(key);
    expect(fake.payments.get(paymentId)?.payment.amountRemaining).toEqual({ currency: 'EUR', value: '0.00' });
  });

  it('a retry with the same key gets the first refund back, not a second one', async () => {
    const paymentId = await paidPayment(800);
    const refund = { paymentRef: paymentId, amountCents: 800, currency: 'EUR', idempotencyKey: crypto.randomUUID() };
    const first = await adapter.refund(refund);
    expect(await adapter.refund(refund)).toEqual(first);
    expect([...fake.refunds.values()].filter((r) => r.refund.paymentId === paymentId)).toHaveLength(1);
  });

  it('refuses more than was paid, an unpaid payment and another currency with a PaymentProviderError', async () => {
    const paymentId = await paidPayment(500);
    const refund = (overrides: object) =>
      caught(
        adapter.refund({ paymentRef: paymentId, amountCents: 500, currency: 'EUR', idempotencyKey: crypto.randomUUID(), ...overrides }),
      );
    expect(String(await refund({ amountCents: 501 }))).toContain('422');
    expect(await refund({ currency: 'USD' })).toBeInstanceOf(PaymentProviderError);
    const open = await adapter.createPayment(request());
    expect(await refund({ paymentRef: open.providerRef })).toBeInstanceOf(PaymentProviderError);
    expect([...fake.refunds.values()].filter((r) => r.refund.paymentId === paymentId)).toHaveLength(0);
  });
});
