import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mollieMethodList, startMollieFake, type MollieFake } from '../../../test/fakes/mollie';
import { startPaypalFake, type PaypalFake } from '../../../test/fakes/paypal';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe';
import { loadProviderSpecs, providerSpecsPresent, stripeDrift, stripeFixture, type SpecCheck } from '../../../test/support/provider-specs';
import { createMollieAdapter } from './mollie';
import { createPaypalAdapter } from './paypal';
import { createStripeAdapter } from './stripe';
import type { PaymentRequest } from './types';

// Issue 20: the fakes' bodies, as the real adapters get them, against the providers' own API
// descriptions pinned in ../shared/providers (PayPal's and Mollie's OpenAPI, Stripe's example
// objects). A fake that drifts from its provider makes tests pass that production would fail.

const present = providerSpecsPresent();
let specs: SpecCheck;
let stripe: StripeFake;
let paypal: PaypalFake;
let mollie: MollieFake;

beforeAll(async () => {
  if (!present) return;
  specs = loadProviderSpecs();
  stripe = await startStripeFake();
  paypal = await startPaypalFake();
  mollie = startMollieFake();
});
afterAll(async () => {
  if (!present) return;
  mollie.stop();
  await paypal.close();
  await stripe.close();
});

const request = (orderId: number, provider: string): PaymentRequest => ({
  orderId,
  orderUuid: `5f1d2c3b-0000-4000-8000-${String(orderId).padStart(12, '0')}`,
  amountCents: 2499,
  currency: 'EUR',
  description: `HubHost commande n°${orderId}`,
  customerEmail: 'client@example.test',
  successUrl: `https://shop.example/fr/payment/success?orderId=${orderId}`,
  cancelUrl: `https://shop.example/fr/payment/cancel?orderId=${orderId}`,
  webhookUrl: `https://shop.example/api/webhooks/${provider}`,
  language: 'fr',
  payableForSeconds: 3600,
});

describe.skipIf(!present)('PayPal fake against paypal-*-v*.json', () => {
  const adapter = () =>
    createPaypalAdapter({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      webhookId: paypal.webhookId,
      apiBase: paypal.apiBase,
    });
  const order = (id: string) => paypal.orders.get(id)!.order;

  it('orders created, approved, captured (also PENDING) and refunded, webhook events and the webhook list are valid', async () => {
    const created = await adapter().createPayment(request(1, 'paypal'));
    expect(specs.errors('paypal-orders-v2.json', '/components/schemas/order', order(created.providerRef))).toEqual([]);
    paypal.approve(created.providerRef);
    expect(specs.errors('paypal-orders-v2.json', '/components/schemas/order', order(created.providerRef))).toEqual([]);
    const captured = await adapter().capture!(created.providerRef);
    expect(specs.errors('paypal-orders-v2.json', '/components/schemas/order', order(created.providerRef))).toEqual([]);
    const capture = order(created.providerRef).purchase_units[0]!.payments!.captures[0]!;
    expect(specs.errors('paypal-payments-v2.json', '/components/schemas/capture', capture)).toEqual([]);

    await adapter().refund({ paymentRef: captured.providerPaymentId, amountCents: 1000, currency: 'EUR', idempotencyKey: 'refund-1' });
    const [refund] = [...paypal.refunds.values()];
    expect(specs.errors('paypal-payments-v2.json', '/components/schemas/refund', refund!.refund)).toEqual([]);

    const pending = await adapter().createPayment(request(2, 'paypal'));
    paypal.approve(pending.providerRef, 'PENDING');
    await adapter().capture!(pending.providerRef);
    const pendingCapture = order(pending.providerRef).purchase_units[0]!.payments!.captures[0]!;
    expect(pendingCapture.status).toBe('PENDING');
    expect(specs.errors('paypal-payments-v2.json', '/components/schemas/capture', pendingCapture)).toEqual([]);

    for (const [type, resource] of [
      ['CHECKOUT.ORDER.APPROVED', order(created.providerRef)],
      ['PAYMENT.CAPTURE.COMPLETED', capture],
      ['PAYMENT.CAPTURE.PENDING', pendingCapture],
    ] as const) {
      expect(specs.errors('paypal-webhooks-v1.json', '/components/schemas/event', paypal.webhookEvent(type, resource))).toEqual([]);
    }

    paypal.registerWebhook('https://shop.example/api/webhooks/paypal', ['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
    expect(specs.errors('paypal-webhooks-v1.json', '/components/schemas/WebhookList', { webhooks: paypal.webhooks })).toEqual([]);
    expect(await adapter().checkSetup!('https://shop.example/api/webhooks/paypal')).toHaveLength(3); // it read that list
  });

  it('the check itself refuses a body the description does not allow', () => {
    expect(specs.errors('paypal-payments-v2.json', '/components/schemas/refund', { id: 7, status: 'DONE' })).not.toEqual([]);
  });
});

describe.skipIf(!present)('Mollie fake against mollie-specs.yaml', () => {
  const adapter = () => createMollieAdapter({ apiKey: mollie.apiKey, apiBase: mollie.apiBase });
  const payment = (id: string) => mollie.payments.get(id)!.payment;
  const PAYMENT = '/components/schemas/payment-response';

  it('payments open, pending, held (authorized), captured, paid, cancelled and refunded, and the method list are valid', async () => {
    const open = await adapter().createPayment(request(3, 'mollie'));
    expect(specs.errors('mollie-specs.yaml', PAYMENT, payment(open.providerRef))).toEqual([]);
    mollie.setStatus(open.providerRef, 'pending');
    expect(specs.errors('mollie-specs.yaml', PAYMENT, payment(open.providerRef))).toEqual([]);
    mollie.setStatus(open.providerRef, 'authorized');
    expect(specs.errors('mollie-specs.yaml', PAYMENT, payment(open.providerRef))).toEqual([]);
    await adapter().capture!(open.providerRef);
    expect(payment(open.providerRef).status).toBe('paid');
    expect(specs.errors('mollie-specs.yaml', PAYMENT, payment(open.providerRef))).toEqual([]);

    await adapter().refund({ paymentRef: open.providerRef, amountCents: 1000, currency: 'EUR', idempotencyKey: 'refund-2' });
    const [refund] = [...mollie.refunds.values()];
    expect(specs.errors('mollie-specs.yaml', '/components/schemas/entity-refund', refund!.refund)).toEqual([]);

    const cancelled = await adapter().createPayment(request(4, 'mollie'));
    mollie.setStatus(cancelled.providerRef, 'authorized');
    await adapter().closePayment(cancelled.providerRef);
    expect(payment(cancelled.providerRef).status).toBe('canceled');
    expect(specs.errors('mollie-specs.yaml', PAYMENT, payment(cancelled.providerRef))).toEqual([]);

    const listMethods = '/paths/~1v2~1methods/get/responses/200/content/application~1hal+json/schema';
    expect(specs.errors('mollie-specs.yaml', listMethods, mollieMethodList(mollie.apiBase))).toEqual([]);
  });
});

describe.skipIf(!present)('Stripe fake against stripe-fixtures3.json', () => {
  const adapter = () => createStripeAdapter({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase });

  it('sessions (open, completed, delayed, failed), payment intents, refunds, events and webhook endpoints have Stripe’s fields and types', async () => {
    const created = await adapter().createPayment(request(5, 'stripe'));
    const session = () => stripe.sessions.get(created.providerRef)!.session;
    const checkout = stripeFixture('checkout.session');
    expect(stripeDrift({ ...session() }, checkout)).toEqual([]);
    stripe.completeSession(created.providerRef, 'unpaid');
    stripe.settleAsync(created.providerRef, 'failed');
    expect(stripeDrift({ ...session() }, checkout)).toEqual([]);
    const intent = stripe.paymentIntents.get(session().payment_intent!)!;
    expect(intent.status).toBe('requires_payment_method');
    // Its last_payment_error is typed with the SDK's Stripe.PaymentIntent.LastPaymentError (the fixture's example shows only `type`).
    expect(intent.last_payment_error).toMatchObject({ code: expect.any(String), type: expect.any(String) });
    expect(stripeDrift({ ...intent, last_payment_error: null }, stripeFixture('payment_intent'))).toEqual([]);

    const paid = await adapter().createPayment(request(6, 'stripe'));
    stripe.completeSession(paid.providerRef);
    await adapter().refund({ paymentRef: paid.providerRef, amountCents: 1000, currency: 'EUR', idempotencyKey: 'refund-3' });
    const [refund] = [...stripe.refunds.values()];
    expect(stripeDrift({ ...refund!.refund }, stripeFixture('refund'))).toEqual([]);

    const event = JSON.parse(stripe.signedEvent('checkout.session.completed', paid.providerRef).body) as Record<string, unknown>;
    const { data, ...envelope } = event;
    expect(stripeDrift(envelope, stripeFixture('event'))).toEqual([]);
    expect(stripeDrift((data as { object: Record<string, unknown> }).object, checkout)).toEqual([]);

    const endpoint = stripe.addWebhookEndpoint('https://shop.example/api/webhooks/stripe', ['checkout.session.completed']);
    expect(stripeDrift({ ...endpoint }, stripeFixture('webhook_endpoint'))).toEqual([]);
  });

  it('the comparison finds a field Stripe does not have, or one of another type', () => {
    expect(stripeDrift({ id: 're_1', amont: 5, amount: '5' }, stripeFixture('refund'))).toHaveLength(2);
  });
});
