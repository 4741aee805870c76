import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaypalFake, type PaypalFake, type PaypalFakeCapture } from '../../../test/fakes/paypal';
import { createMovableClock } from '../../clock/clock';
import { createPaypalAdapter, type PaypalAdapterConfig } from './paypal';
import { PaymentProviderError, WebhookVerificationError, type PaymentAdapter, type PaymentRequest } from './types';

// The fetch-based adapter against the local PayPal fake: OAuth, orders, captures, verification.

let fake: PaypalFake;
let adapter: PaymentAdapter;
let orderCounter = 100;

/** A request with its own order (own uuid, so PayPal's request-id idempotency does not merge them). */
const request = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => {
  orderCounter += 1;
  return {
    orderId: orderCounter,
    orderUuid: `5f1d2c3b-0000-4000-8000-${String(orderCounter).padStart(12, '0')}`,
    amountCents: 2499,
    currency: 'EUR',
    description: `HubHost commande n°${orderCounter}`,
    customerEmail: 'client@example.test',
    successUrl: `https://shop.example/api/payment/paypal/return?orderId=${orderCounter}&lng=fr`,
    cancelUrl: `https://shop.example/fr/payment/cancel?orderId=${orderCounter}`,
    webhookUrl: 'https://shop.example/api/webhooks/paypal',
    language: 'fr',
    ...overrides,
  };
};

const webhook = (signed: { body: string; headers: Record<string, string> }) => ({
  rawBody: Buffer.from(signed.body),
  headers: signed.headers,
});

/** An adapter on the fake (its own token cache), with the fake's credentials unless overridden. */
const adapterFor = (overrides: Partial<PaypalAdapterConfig> = {}) =>
  createPaypalAdapter({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    apiBase: fake.apiBase,
    ...overrides,
  });

/** Signs `type` with `resource` through the fake, and parses it with the adapter. */
const parseSigned = (type: string, resource: object) =>
  adapter.parseWebhook(webhook(fake.signedWebhook(fake.webhookEvent(type, resource))));

async function expectRefused(promise: Promise<unknown>): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(WebhookVerificationError);
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to throw');
}

function capturesOf(paypalOrderId: string): PaypalFakeCapture[] {
  return fake.orders.get(paypalOrderId)?.order.purchase_units[0]?.payments?.captures ?? [];
}

beforeAll(async () => {
  fake = await startPaypalFake();
  adapter = adapterFor();
});
afterAll(() => fake.close());
beforeEach(() => fake.down(false));

describe('PayPal adapter: createPayment', () => {
  it('creates an order with amount, custom_id, return URLs and request id, and gives the approval link', async () => {
    const req = request({ amountCents: 2499 });
    const created = await adapter.createPayment(req);

    const stored = fake.orders.get(created.providerRef);
    expect(stored).toBeDefined();
    expect(created.redirectUrl).toBe(`${fake.apiBase}/checkoutnow?token=${created.providerRef}`);
    expect(stored?.request.requestId).toBe(req.orderUuid);
    expect(stored?.request.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: req.orderUuid,
          custom_id: String(req.orderId),
          description: req.description,
          amount: { currency_code: 'EUR', value: '24.99' },
        },
      ],
      application_context: {
        return_url: req.successUrl,
        cancel_url: req.cancelUrl,
        user_action: 'PAY_NOW',
        shipping_preference: 'NO_SHIPPING',
        locale: 'fr-BE', // PayPal's page in the customer's language
      },
    });
    const create = fake.requests.findLast((r) => r.method === 'POST' && r.path === '/v2/checkout/orders');
    expect(create?.headers.authorization).toMatch(/^Bearer A21AA/);
    const tokenCall = fake.requests.find((r) => r.path === '/v1/oauth2/token');
    const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
    expect(tokenCall?.headers.authorization).toBe(`Basic ${basic}`);
    expect(tokenCall?.body).toEqual({ grant_type: 'client_credentials' });
  });

  it('sends exact decimal amounts', async () => {
    for (const [cents, value] of [
      [5, '0.05'],
      [10, '0.10'],
      [1999, '19.99'],
      [123456, '1234.56'],
    ] as const) {
      const { providerRef } = await adapter.createPayment(request({ amountCents: cents }));
      expect(fake.orders.get(providerRef)?.order.purchase_units[0]?.amount).toEqual({ currency_code: 'EUR', value });
    }
  });

  it('returns the same PayPal order when the same order is started twice (PayPal-Request-Id)', async () => {
    const req = request();
    const first = await adapter.createPayment(req);
    const second = await adapter.createPayment(req);
    expect(second.providerRef).toBe(first.providerRef);
    expect([...fake.orders.values()].filter((o) => o.request.requestId === req.orderUuid)).toHaveLength(1);
  });

  it('PayPal keeps a request id 6 h: the same start later is a new order', async () => {
    const clock = createMovableClock(new Date());
    const timed = await startPaypalFake({ clock });
    try {
      const timedAdapter = createPaypalAdapter({
        clientId: timed.clientId,
        clientSecret: timed.clientSecret,
        webhookId: timed.webhookId,
        apiBase: timed.apiBase,
      });
      const req = request();
      const first = await timedAdapter.createPayment(req);
      clock.advance({ hours: 5, minutes: 59 });
      expect((await timedAdapter.createPayment(req)).providerRef).toBe(first.providerRef);
      clock.advance({ minutes: 1 });
      expect((await timedAdapter.createPayment(req)).providerRef).not.toBe(first.providerRef);
    } finally {
      await timed.close();
    }
  });

  it('reuses one access token, and replaces it once when PayPal stops accepting it', async () => {
    const fresh = adapterFor();
    const before = fake.tokensIssued;
    await fresh.createPayment(request());
    await fresh.createPayment(request());
    expect(fake.tokensIssued - before).toBe(1);

    fake.revokeTokens();
    await fresh.createPayment(request());
    expect(fake.tokensIssued - before).toBe(2);
  });

  it('gives a PaymentProviderError when PayPal is down, without the secret', async () => {
    fake.down(true);
    const fresh = adapterFor();
    const err = await caught(fresh.createPayment(request()));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).provider).toBe('paypal');
    expect((err as Error).message).toContain('503');
    expect((err as Error).message).not.toContain(fake.clientSecret);
  });

  it('gives a PaymentProviderError for refused credentials, without them', async () => {
    const wrong = adapterFor({ clientSecret: 'not-the-secret-1234' });
    const err = await caught(wrong.createPayment(request()));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).toBe('PayPal refused the client id and secret');
  });

  it('gives a PaymentProviderError when nothing listens', async () => {
    const closed = await startPaypalFake();
    await closed.close();
    const unreachable = adapterFor({ clientSecret: closed.clientSecret, apiBase: closed.apiBase });
    const err = await caught(unreachable.createPayment(request()));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).toContain('could not be reached');
    expect((err as Error).message).not.toContain(closed.clientSecret);
  });
});

describe('PayPal adapter: capture', () => {
  it('captures an approved order into a paid event with the capture id and exact amount', async () => {
    const req = request({ amountCents: 1005 });
    const { providerRef } = await adapter.createPayment(req);
    fake.approve(providerRef);

    const event = await adapter.capture!(providerRef);

    const [capture] = capturesOf(providerRef);
    expect(capture?.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(event).toEqual({
      provider: 'paypal',
      eventId: `capture:${capture?.id}`,
      eventType: 'CHECKOUT.ORDER.CAPTURED',
      outcome: 'paid',
      providerPaymentId: capture?.id,
      checkoutRef: providerRef, // the PayPal order the capture was taken on
      orderId: req.orderId,
      amountCents: 1005,
      currency: 'EUR',
      payload: {
        paypalOrderId: providerRef,
        orderStatus: 'COMPLETED',
        captureId: capture?.id,
        captureStatus: 'COMPLETED',
      },
    });
    const call = fake.requests.findLast((r) => r.path === `/v2/checkout/orders/${providerRef}/capture`);
    expect(call?.headers['paypal-request-id']).toBe(`capture-${providerRef}`);
  });

  it('follows the whole return flow: approval link, back with the token, capture', async () => {
    const req = request({ amountCents: 1500 });
    const { providerRef, redirectUrl } = await adapter.createPayment(req);

    const approval = await fetch(redirectUrl, { redirect: 'manual' });
    expect(approval.status).toBe(302);
    const back = new URL(approval.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/api/payment/paypal/return');
    expect(back.searchParams.get('orderId')).toBe(String(req.orderId));
    expect(back.searchParams.get('token')).toBe(providerRef);

    const event = await adapter.capture!(back.searchParams.get('token') ?? '');
    expect(event).toMatchObject({ outcome: 'paid', orderId: req.orderId, amountCents: 1500, currency: 'EUR' });
  });

  it('capturing twice gives the same capture, not a second one', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.approve(providerRef);
    const first = await adapter.capture!(providerRef);
    const second = await adapter.capture!(providerRef);
    expect(second).toEqual(first);
    expect(capturesOf(providerRef)).toHaveLength(1);
  });

  it('reports the existing capture when the order was captured elsewhere (ORDER_ALREADY_CAPTURED)', async () => {
    const { providerRef } = await adapter.createPayment(request({ amountCents: 4200 }));
    fake.approve(providerRef);
    const existing = fake.capture(providerRef);

    const event = await adapter.capture!(providerRef);

    expect(event).toMatchObject({
      outcome: 'paid',
      providerPaymentId: existing.id,
      eventId: `capture:${existing.id}`,
      amountCents: 4200,
    });
    expect(capturesOf(providerRef)).toHaveLength(1);
    const answer = fake.requests.findLast((r) => r.path === `/v2/checkout/orders/${providerRef}`);
    expect(answer?.method).toBe('GET');
  });

  it('turns a declined capture into a failed event', async () => {
    const declined = await adapter.createPayment(request());
    fake.approve(declined.providerRef, 'DECLINED');
    const event = await adapter.capture!(declined.providerRef);
    expect(event).toMatchObject({ outcome: 'failed', providerPaymentId: capturesOf(declined.providerRef)[0]?.id });

    const refused = await adapter.createPayment(request());
    fake.approve(refused.providerRef, 'INSTRUMENT_DECLINED');
    expect(await adapter.capture!(refused.providerRef)).toMatchObject({
      outcome: 'failed',
      eventType: 'CHECKOUT.ORDER.CAPTURE_DECLINED',
      providerPaymentId: refused.providerRef,
    });
  });

  it('leaves a pending capture unsettled, under an event id of its own', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.approve(providerRef, 'PENDING');
    const event = await adapter.capture!(providerRef);
    expect(event.outcome).toBe('ignored');
    expect(event.eventId).toBe(`capture:${event.providerPaymentId}:PENDING`);
  });

  it('refuses to capture an order the customer has not approved', async () => {
    const { providerRef } = await adapter.createPayment(request());
    const err = await caught(adapter.capture!(providerRef));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).toContain('ORDER_NOT_APPROVED');
    expect(capturesOf(providerRef)).toHaveLength(0);
  });
});

describe('PayPal adapter: parseWebhook', () => {
  it('normalises a verified PAYMENT.CAPTURE.COMPLETED', async () => {
    const req = request({ amountCents: 999 });
    const { providerRef } = await adapter.createPayment(req);
    fake.approve(providerRef);
    const capture = fake.capture(providerRef);
    const body = fake.webhookEvent('PAYMENT.CAPTURE.COMPLETED', capture);

    const event = await adapter.parseWebhook(webhook(fake.signedWebhook(body)));

    expect(event).toEqual({
      provider: 'paypal',
      eventId: body.id,
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      outcome: 'paid',
      providerPaymentId: capture.id,
      checkoutRef: providerRef,
      orderId: req.orderId,
      amountCents: 999,
      currency: 'EUR',
      payload: {
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource_type: 'capture',
        resource_id: capture.id,
        status: 'COMPLETED',
        paypal_order_id: providerRef,
      },
      occurredAtMs: Date.parse(body.create_time as string),
    });
    expect(event.eventId).toMatch(/^WH-/);
    const verify = fake.requests.findLast((r) => r.path === '/v1/notifications/verify-webhook-signature');
    expect(verify?.body).toMatchObject({ webhook_id: fake.webhookId, webhook_event: body });
  });

  it('reads an approval as authorized (no money yet), with both order ids, for the receiver to capture', async () => {
    const req = request();
    const { providerRef } = await adapter.createPayment(req);
    fake.approve(providerRef);
    const order = fake.orders.get(providerRef)?.order as object;
    const event = await parseSigned('CHECKOUT.ORDER.APPROVED', order);
    expect(event).toMatchObject({
      eventType: 'CHECKOUT.ORDER.APPROVED',
      outcome: 'authorized',
      providerPaymentId: providerRef,
      orderId: req.orderId,
      amountCents: 2499,
    });
  });

  it('maps denied captures to failed, voided orders to cancelled, other types to ignored', async () => {
    const { providerRef } = await adapter.createPayment(request());
    const order = fake.orders.get(providerRef)?.order as object;
    const amount = { currency_code: 'EUR', value: '24.99' };
    const capture = { id: 'CAPTURE123', status: 'DECLINED', amount, custom_id: '77' };
    const denied = await parseSigned('PAYMENT.CAPTURE.DENIED', capture);
    expect(denied).toMatchObject({ outcome: 'failed', orderId: 77, providerPaymentId: 'CAPTURE123' });
    expect(denied.amountCents).toBe(2499);
    expect(await parseSigned('PAYMENT.CAPTURE.DECLINED', capture)).toMatchObject({ outcome: 'failed' });
    const voided = await parseSigned('CHECKOUT.ORDER.VOIDED', order);
    expect(voided).toMatchObject({ outcome: 'cancelled', providerPaymentId: providerRef });
    expect(await parseSigned('PAYMENT.CAPTURE.REFUNDED', capture)).toMatchObject({ outcome: 'ignored' });
  });

  it('refuses a notification whose body was changed after PayPal signed it', async () => {
    const amount = { currency_code: 'EUR', value: '1.00' };
    const capture = { id: 'CAPTURE1', status: 'COMPLETED', amount, custom_id: '5' };
    const signed = fake.signedWebhook(fake.webhookEvent('PAYMENT.CAPTURE.COMPLETED', capture));
    const forged = { ...signed, body: signed.body.replace('"value":"1.00"', '"value":"0.01"') };
    expect(forged.body).not.toBe(signed.body);
    await expectRefused(adapter.parseWebhook(webhook(forged)));
  });

  it('refuses made-up transmission headers, missing headers and a body that is not JSON', async () => {
    const event = fake.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'C1', custom_id: '5' });
    const signed = fake.signedWebhook(event);
    const rawBody = Buffer.from(signed.body);
    const madeUp = { ...signed.headers, 'paypal-transmission-id': crypto.randomUUID() };
    await expectRefused(adapter.parseWebhook({ rawBody, headers: madeUp }));

    const { 'paypal-transmission-sig': _sig, ...missing } = signed.headers;
    await expectRefused(adapter.parseWebhook({ rawBody, headers: missing }));

    await expectRefused(adapter.parseWebhook({ rawBody: Buffer.from('not json'), headers: signed.headers }));
  });

  it('refuses a notification meant for another webhook id', async () => {
    const other = adapterFor({ webhookId: 'SOMEOTHERHOOK' });
    const signed = fake.signedWebhook(fake.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'C2', custom_id: '5' }));
    await expectRefused(other.parseWebhook(webhook(signed)));
  });

  it('gives a PaymentProviderError (not a verification failure) when PayPal is down', async () => {
    const signed = fake.signedWebhook(fake.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'C3', custom_id: '5' }));
    fake.down(true);
    const err = await caught(adapter.parseWebhook(webhook(signed)));
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as Error).message).not.toContain(fake.clientSecret);
  });
});

describe('PayPal adapter: fetchPayment', () => {
  it('reads a created order as ignored, an approved one as authorized and a captured one as paid', async () => {
    const req = request({ amountCents: 5000 });
    const { providerRef } = await adapter.createPayment(req);
    expect(await adapter.fetchPayment(providerRef)).toMatchObject({
      outcome: 'ignored',
      eventId: `${providerRef}:CREATED`,
      providerPaymentId: providerRef,
      orderId: req.orderId,
      amountCents: 5000,
    });
    fake.approve(providerRef);
    const approved = await adapter.fetchPayment(providerRef);
    expect(approved).toMatchObject({ outcome: 'authorized', eventId: `${providerRef}:APPROVED` });

    const captured = await adapter.capture!(providerRef);
    expect(await adapter.fetchPayment(providerRef)).toEqual(captured);
  });

  it('gives null for an order PayPal does not know, or a malformed id', async () => {
    expect(await adapter.fetchPayment('0ABCDEF1234567890')).toBeNull();
    expect(await adapter.fetchPayment('../../v1/oauth2/token')).toBeNull();
  });
});

describe('PayPal adapter: closePayment', () => {
  it('has no void to call for an order not captured: closed on our side, PayPal only read', async () => {
    const created = await adapter.createPayment(request());
    const approved = await adapter.createPayment(request());
    fake.approve(approved.providerRef);
    const before = fake.requests.length;

    expect(await adapter.closePayment(created.providerRef)).toBe('closed');
    expect(await adapter.closePayment(approved.providerRef)).toBe('closed');

    // Orders v2 offers no void for a CAPTURE order: only reads went out, and nothing was captured.
    expect(fake.requests.slice(before).every((r) => r.method === 'GET' || r.path === '/v1/oauth2/token')).toBe(true);
    expect(capturesOf(approved.providerRef)).toHaveLength(0);
  });

  it('reports an order already captured as paid, and an unknown or malformed one as closed', async () => {
    const { providerRef } = await adapter.createPayment(request());
    fake.approve(providerRef);
    fake.capture(providerRef);
    expect(await adapter.closePayment(providerRef)).toBe('paid');
    expect(await adapter.closePayment('0ABCDEF1234567891')).toBe('closed');
    expect(await adapter.closePayment('../../v1/oauth2/token')).toBe('closed');
  });
});

describe('PayPal adapter: refund', () => {
  async function capturedOrder(amountCents = 2499) {
    const { providerRef } = await adapter.createPayment(request({ amountCents }));
    fake.approve(providerRef);
    return fake.capture(providerRef);
  }

  it('refunds the capture with the exact amount and our key as PayPal-Request-Id', async () => {
    const capture = await capturedOrder(1234);
    const key = crypto.randomUUID();

    const result = await adapter.refund({ paymentRef: capture.id, amountCents: 1234, currency: 'EUR', idempotencyKey: key });

    expect(result).toEqual({ refundId: expect.stringMatching(/^[A-Z0-9]{17}$/), status: 'succeeded' });
    const made = fake.refunds.get(result.refundId);
    expect(made).toMatchObject({
      captureId: capture.id,
      request: { body: { amount: { currency_code: 'EUR', value: '12.34' } }, requestId: key },
    });
    expect(capture.status).toBe('REFUNDED');
  });

  it('a retry with the same request id gets the first refund back, not a second one', async () => {
    const capture = await capturedOrder(700);
    const refund = { paymentRef: capture.id, amountCents: 700, currency: 'EUR', idempotencyKey: crypto.randomUUID() };
    const first = await adapter.refund(refund);
    expect(await adapter.refund(refund)).toEqual(first);
    expect([...fake.refunds.values()].filter((r) => r.captureId === capture.id)).toHaveLength(1);
  });

  it("refuses more than was captured and another currency with PayPal's issue", async () => {
    const capture = await capturedOrder(500);
    const refund = (overrides: object) =>
      caught(
        adapter.refund({ paymentRef: capture.id, amountCents: 500, currency: 'EUR', idempotencyKey: crypto.randomUUID(), ...overrides }),
      );
    expect(String(await refund({ amountCents: 501 }))).toContain('REFUND_AMOUNT_EXCEEDED');
    expect(String(await refund({ currency: 'USD' }))).toContain('REFUND_CAPTURE_CURRENCY_MISMATCH');
    expect(String(await refund({ paymentRef: 'NOSUCHCAPTURE0001' }))).toContain('404');
    expect([...fake.refunds.values()].filter((r) => r.captureId === capture.id)).toHaveLength(0);
  });
});
