// A local server speaking the part of Stripe's API the shop uses (Checkout Sessions), so the real
// `stripe` SDK runs its real code against it: form encoding, Bearer auth, error JSON, retries. Give
// the adapter `apiBase`, `secretKey` and `webhookSecret`. No test-runner imports: the unit tests,
// the API suite and the browser suite all start it.
//   POST /v1/checkout/sessions      -> a Checkout Session (form-encoded body, nested keys parsed)
//   GET  /v1/checkout/sessions/:id  -> the session as it is now, 404 resource_missing when unknown
//   POST /v1/checkout/sessions/:id/expire -> an open session expired; 400 when it is not open any more
//   POST /v1/refunds                -> a refund of a paid session's or a succeeded off-session payment intent (Idempotency-Key replays)
//   GET  /c/pay/:id                 -> the session's `url`, for a browser test: paid at once, 303 to success_url
// Saved cards (issue 21):
//   POST /v1/customers              -> a customer (cus_…)
//   POST /v1/checkout/sessions with mode=setup -> a setup session on a customer; `completeSetup()` saves a card
//   GET  /v1/setup_intents/:id, GET /v1/payment_methods/:id, POST /v1/payment_methods/:id/detach
//   GET  /v1/payment_intents/:id   -> a session's intent or an off-session charge
//   POST /v1/payment_intents (off_session, confirm) -> charges a saved card: 4242 succeeds, 0002 is
//        declined (402 card_error), 3184 needs authentication (402 authentication_required); Idempotency-Key replays
// Webhooks: `signedEvent()` builds the body and Stripe-Signature header a test posts to the app
// itself; or `enableEvents([...])` makes each state change queue its event (only the enabled types,
// as on a real endpoint) and `deliverWebhooks(send)` posts them, retrying a refused delivery.
// Time is the fake's clock (`{ clock }`, the movable test clock): an open session past its
// `expires_at` reads as expired.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** Where the fake reads the time (a movable clock in tests); the system clock by default. */
export interface FakeClock {
  now(): Date;
}

/** A signed event ready to post to the app's webhook route. */
export interface StripeDelivery {
  type: string;
  body: string;
  headers: Record<string, string>;
}

/** A Checkout Session as Stripe's API returns it (the fields the shop reads, and a few more). */
export interface StripeFakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Setup mode: the customer the card is saved on, and the setup intent once completed. */
  customer?: string | null;
  setup_intent?: string | null;
}

/** A card as Stripe's `payment_method` object shows it (the fields the shop reads). */
export interface StripeFakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface StripeFakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: StripeFakeCard;
  created: number;
  livemode: false;
}

/** A refund as Stripe's API returns it (stripe-fixtures3.json `refund`, the fields that matter). */
export interface StripeFakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
  balance_transaction: string | null;
  receipt_number: null;
}

/**
 * A Payment Intent as Stripe's API returns it (stripe-fixtures3.json `payment_intent`, the fields
 * that matter): `processing` while a delayed method settles, `succeeded`, or back to
 * `requires_payment_method` when it failed (the session itself then still reads complete, unpaid).
 */
export interface StripeFakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Extract<Stripe.PaymentIntent.Status, 'processing' | 'succeeded' | 'requires_payment_method'>;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  payment_method_types: string[];
  last_payment_error: Stripe.PaymentIntent.LastPaymentError | null;
}

export interface StripeFakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface StripeFake {
  /** e.g. http://127.0.0.1:40123: give it to the adapter as `apiBase` (STRIPE_API_BASE). */
  apiBase: string;
  /** The only key the fake accepts (`Authorization: Bearer …`); anything else gets Stripe's 401. */
  secretKey: string;
  /** The secret `signedEvent()` signs with, as the dashboard's `whsec_…`. */
  webhookSecret: string;
  /** Every session created, by id: `request` is the form body parsed into objects, `session` what Stripe answers. */
  readonly sessions: Map<string, { request: Record<string, unknown>; session: StripeFakeSession }>;
  /** Every refund made, by id: `request` is the form body parsed, `refund` what Stripe answered. */
  readonly refunds: Map<string, { request: Record<string, unknown>; refund: StripeFakeRefund }>;
  /** The payment intent of each completed session, by id (`session.payment_intent`). */
  readonly paymentIntents: Map<string, StripeFakePaymentIntent>;
  /** Every request received, in order (headers included, so a test can check the auth header). */
  readonly requests: StripeFakeRequest[];
  /** Customers created, by id. */
  readonly customers: Map<string, { id: string; email: string | null; name: string | null }>;
  /** Saved cards, by id (`customer` null once detached). */
  readonly paymentMethods: Map<string, StripeFakePaymentMethod>;
  /**
   * The customer entered a card on a setup session: a succeeded setup intent names a new payment
   * method attached to the session's customer (4242 by default; a test chooses another).
   */
  completeSetup(sessionId: string, card?: Partial<StripeFakeCard>): StripeFakePaymentMethod;
  /** Every off-session payment intent created (a replayed Idempotency-Key makes none), by id. */
  readonly offSessionIntents: Map<
    string,
    { request: Record<string, unknown>; status: 'succeeded' | 'requires_payment_method'; amount: number; currency: string }
  >;
  /** A saved card with 0002 declines, 3184 asks for authentication; this turns a card's answer for later charges. */
  setCardLast4(paymentMethodId: string, last4: string): void;
  /** While on, every call answers 503 with Stripe's `api_error` JSON (the SDK retries, then gives up). */
  down(on: boolean): void;
  /** While above 0, every call is answered only after `ms` (a provider that hangs); 0 answers at once again. */
  slow(ms: number): void;
  /** The customer paid: status `complete`; `paymentStatus: 'unpaid'` is an async method still pending. */
  completeSession(id: string, paymentStatus?: 'paid' | 'unpaid'): StripeFakeSession;
  /** The session timed out at Stripe (status `expired`). */
  expireSession(id: string): StripeFakeSession;
  /**
   * A delayed method (SEPA debit, Bancontact via SEPA) of a session completed `unpaid` settles:
   * `succeeded` makes it `paid` (event `checkout.session.async_payment_succeeded`), `failed` leaves
   * it unpaid for good (`checkout.session.async_payment_failed`).
   */
  settleAsync(id: string, result: 'succeeded' | 'failed'): StripeFakeSession;
  /** The event types the endpoint has enabled: a state change queues its event only if listed. */
  enableEvents(types: string[]): void;
  /**
   * The account's webhook endpoints, as `GET /v1/webhook_endpoints` lists them (none at first).
   * `addWebhookEndpoint(url, events)` adds an enabled one; set `status: 'disabled'` to turn it off.
   */
  readonly webhookEndpoints: Stripe.WebhookEndpoint[];
  addWebhookEndpoint(url: string, enabledEvents: string[]): Stripe.WebhookEndpoint;
  /** Events queued by state changes, not yet delivered. */
  readonly pendingWebhooks: StripeDelivery[];
  /**
   * Posts the queued events through `send` (answers the HTTP status); one refused (not 2xx) is
   * retried up to `attempts` times in all, then dropped, as Stripe gives up after its retries.
   */
  deliverWebhooks(send: (delivery: StripeDelivery) => Promise<number>, attempts?: number): Promise<StripeDelivery[]>;
  /**
   * A real Stripe event JSON for the session as it is now (`data.object`), signed with the webhook
   * secret (or `opts.secret`, to forge one). Post `body` with `headers` to the app's webhook route.
   */
  signedEvent(type: string, sessionId: string, opts?: { secret?: string; id?: string }): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * Stripe's form encoding (`line_items[0][price_data][unit_amount]=1234`) back into objects;
 * objects whose keys are all indexes become arrays. Values stay strings, as on the wire.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/[[\]]+/).filter((part) => part !== '');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  const isList = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (isList) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

interface LineItem {
  quantity?: string;
  price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
}

export async function startStripeFake(options: { clock?: FakeClock } = {}): Promise<StripeFake> {
  const clock = options.clock ?? { now: () => new Date() };
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const enabledEvents = new Set<string>();
  const pendingWebhooks: StripeDelivery[] = [];
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions: StripeFake['sessions'] = new Map();
  const refunds: StripeFake['refunds'] = new Map();
  const idempotent = new Map<string, { status: number; body: unknown }>(); // Idempotency-Key -> the first answer
  const requests: StripeFakeRequest[] = [];
  const webhookEndpoints: Stripe.WebhookEndpoint[] = [];
  const paymentIntents: StripeFake['paymentIntents'] = new Map();
  let isDown = false;
  let latencyMs = 0;
  let apiBase = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') }).end(JSON.stringify(body));
  };
  const stripeError = (res: ServerResponse, status: number, error: Record<string, unknown>) => json(res, status, { error });
  const invalid = (res: ServerResponse, code: string, param: string, message: string) =>
    stripeError(res, 400, { type: 'invalid_request_error', code, param, message });

  function createSession(form: Record<string, unknown>, res: ServerResponse) {
    const items = form.line_items as LineItem[] | undefined;
    if (!Array.isArray(items) || items.length === 0) {
      return invalid(res, 'parameter_missing', 'line_items', 'Missing required param: line_items.');
    }
    if (form.mode !== 'payment') {
      return invalid(res, 'parameter_invalid_empty', 'mode', 'Invalid mode.');
    }
    const amount = items.reduce((sum, i) => sum + Number(i.quantity ?? 1) * Number(i.price_data?.unit_amount), 0);
    const currency = items[0]?.price_data?.currency;
    if (!Number.isInteger(amount) || amount <= 0 || !currency) {
      return invalid(res, 'parameter_invalid_integer', 'line_items[0][price_data][unit_amount]', 'Invalid integer.');
    }
    const created = nowSeconds();
    const sessionId = id('cs_test');
    const session: StripeFakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency,
      client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: typeof form.success_url === 'string' ? form.success_url : null,
      cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
      // Local, so a browser test that follows it never reaches the real checkout.stripe.com.
      url: `${apiBase}/c/pay/${sessionId}`,
      created,
      // The lifetime the shop asked for (its `expires_at` is on the real clock), counted on the fake's clock.
      expires_at:
        typeof form.expires_at === 'string' ? created + (Number(form.expires_at) - Math.floor(Date.now() / 1000)) : created + 24 * 3600,
      livemode: false,
    };
    sessions.set(sessionId, { request: form, session });
    json(res, 200, session);
  }

  function retrieveSession(sessionId: string, expand: unknown, res: ServerResponse) {
    const found = sessions.get(sessionId);
    if (!found) {
      return stripeError(res, 404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'session',
        message: `No such checkout.session: '${sessionId}'`,
      });
    }
    lapse(found.session);
    // `expand[]=payment_intent` answers the intent object in place of its id, as Stripe does.
    const intent = found.session.payment_intent ? paymentIntents.get(found.session.payment_intent) : undefined;
    const expanded = Array.isArray(expand) && expand.includes('payment_intent') && intent;
    json(res, 200, expanded ? { ...found.session, payment_intent: intent } : found.session);
  }

  /** Stripe expires only open sessions; the page then stops taking payments (`url` null). */
  function expireOpenSession(sessionId: string, res: ServerResponse) {
    const found = sessions.get(sessionId);
    if (!found) return missing(res, 'session', `No such checkout.session: '${sessionId}'`);
    lapse(found.session);
    if (found.session.status !== 'open') {
      const message = `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${found.session.status}".`;
      return stripeError(res, 400, { type: 'invalid_request_error', message });
    }
    expire(found.session);
    json(res, 200, found.session);
  }

  /** A refund of a paid session's payment intent; never more than is left of it. */
  function createRefund(form: Record<string, unknown>, res: ServerResponse) {
    const intent = typeof form.payment_intent === 'string' ? form.payment_intent : '';
    const bySession = [...sessions.values()].find((s) => s.session.payment_intent === intent && s.session.payment_status === 'paid');
    const offSession = offSessionIntents.get(intent);
    // A paid checkout's intent, or an off-session charge that succeeded (a renewal).
    const paid = bySession
      ? { amount: bySession.session.amount_total, currency: bySession.session.currency }
      : offSession?.status === 'succeeded'
        ? { amount: offSession.amount, currency: offSession.currency }
        : null;
    if (!paid) return missing(res, 'payment_intent', `No such payment_intent: '${intent}'`);
    const already = [...refunds.values()].filter((r) => r.refund.payment_intent === intent && r.refund.status !== 'failed');
    const left = paid.amount - already.reduce((sum, r) => sum + r.refund.amount, 0);
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (left <= 0) {
      const message = `Charge for payment intent ${intent} has already been refunded.`;
      return stripeError(res, 400, { type: 'invalid_request_error', code: 'charge_already_refunded', message });
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      const message = `Refund amount (${form.amount}) is greater than unrefunded amount on charge (${left}).`;
      return stripeError(res, 400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message });
    }
    const refund: StripeFakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: paid.currency,
      charge: id('ch'),
      payment_intent: intent,
      status: 'succeeded',
      reason: null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      created: nowSeconds(),
      balance_transaction: id('txn'),
      receipt_number: null,
    };
    refunds.set(refund.id, { request: form, refund });
    json(res, 200, refund);
  }

  /** Stripe's list object, newest first, paged by `starting_after` and `limit` (10 by default, 100 at most). */
  function listEndpoints(url: URL, res: ServerResponse) {
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 10) || 10, 1), 100);
    const after = url.searchParams.get('starting_after');
    const newestFirst = [...webhookEndpoints].reverse();
    const start = after ? newestFirst.findIndex((e) => e.id === after) + 1 : 0;
    const data = newestFirst.slice(start, start + limit);
    const list: Stripe.ApiList<Stripe.WebhookEndpoint> = {
      object: 'list',
      data,
      has_more: start + limit < newestFirst.length,
      url: '/v1/webhook_endpoints',
    };
    json(res, 200, list);
  }

  const missing = (res: ServerResponse, param: string, message: string) =>
    stripeError(res, 404, { type: 'invalid_request_error', code: 'resource_missing', param, message });

  /** The customer pays at once (no webhook is sent) and goes back, as Stripe fills in {CHECKOUT_SESSION_ID}. */
  function payNow(sessionId: string, res: ServerResponse) {
    const found = sessions.get(sessionId);
    if (found) lapse(found.session);
    if (!found?.session.success_url || found.session.status !== 'open') {
      return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No open checkout session here.');
    }
    const back = found.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
    if (found.session.mode === 'setup') saveCard(found.session);
    else complete(found.session, 'paid');
    res.writeHead(303, { Location: back }).end();
  }

  // --- Saved cards (issue 21) ---
  const customers: StripeFake['customers'] = new Map();
  const paymentMethods: StripeFake['paymentMethods'] = new Map();
  const setupIntents = new Map<
    string,
    { id: string; object: 'setup_intent'; status: string; customer: string; payment_method: string | null; usage: string }
  >();

  function createSetupSession(form: Record<string, unknown>, res: ServerResponse) {
    const customer = typeof form.customer === 'string' ? form.customer : '';
    if (!customers.has(customer)) return missing(res, 'customer', `No such customer: '${customer}'`);
    if (typeof form.currency !== 'string' && form.payment_method_types === undefined) {
      return invalid(res, 'parameter_missing', 'currency', 'currency is required in setup mode when payment_method_types is not set.');
    }
    const created = nowSeconds();
    const sessionId = id('cs_test');
    const session: StripeFakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'setup',
      status: 'open',
      payment_status: 'no_payment_required',
      amount_total: 0,
      amount_subtotal: 0,
      currency: typeof form.currency === 'string' ? form.currency : 'eur',
      client_reference_id: null,
      customer_email: null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: typeof form.success_url === 'string' ? form.success_url : null,
      cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
      url: `${apiBase}/c/pay/${sessionId}`,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
      customer,
      setup_intent: null,
    };
    sessions.set(sessionId, { request: form, session });
    json(res, 200, session);
  }

  function saveCard(session: StripeFakeSession, card: Partial<StripeFakeCard> = {}): StripeFakePaymentMethod {
    const method: StripeFakePaymentMethod = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: session.customer ?? null,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date(clock.now()).getUTCFullYear() + 2, ...card },
      created: nowSeconds(),
      livemode: false,
    };
    paymentMethods.set(method.id, method);
    const intent = {
      id: id('seti'),
      object: 'setup_intent' as const,
      status: 'succeeded',
      customer: session.customer ?? '',
      payment_method: method.id,
      usage: 'off_session',
    };
    setupIntents.set(intent.id, intent);
    session.status = 'complete';
    session.setup_intent = intent.id;
    session.url = null;
    queueEvent('checkout.session.completed', session);
    return method;
  }

  const offSessionIntents: StripeFake['offSessionIntents'] = new Map();
  // What GET /v1/payment_intents/:id answers for them.
  const offSessionBodies = new Map<string, Record<string, unknown>>();

  /** An off-session charge on a saved card, confirmed at once; the card's last four digits decide how it ends. */
  function createPaymentIntent(form: Record<string, unknown>, res: ServerResponse) {
    const pmId = typeof form.payment_method === 'string' ? form.payment_method : '';
    const card = paymentMethods.get(pmId);
    if (!card) return missing(res, 'payment_method', `No such PaymentMethod: '${pmId}'`);
    if (card.customer === null || card.customer !== form.customer) {
      return invalid(
        res,
        'payment_method_unexpected_state',
        'payment_method',
        'The provided PaymentMethod is not attached to this customer.',
      );
    }
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0) return invalid(res, 'parameter_invalid_integer', 'amount', 'Invalid integer.');
    const declined = card.card.last4 === '0002';
    const needsAuth = card.card.last4 === '3184';
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      currency: String(form.currency),
      customer: card.customer,
      payment_method: card.id,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      status: declined || needsAuth ? ('requires_payment_method' as const) : ('succeeded' as const),
      created: nowSeconds(),
      livemode: false,
    };
    offSessionIntents.set(intent.id, { request: form, status: intent.status, amount, currency: intent.currency });
    offSessionBodies.set(intent.id, intent);
    if (declined) {
      return stripeError(res, 402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        payment_intent: intent,
      });
    }
    if (needsAuth) {
      return stripeError(res, 402, {
        type: 'card_error',
        code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        payment_intent: intent,
      });
    }
    json(res, 200, intent);
  }

  /** Customers, setup intents and payment methods; false when the path is none of theirs. */
  function savedCardRoute(
    method: string,
    path: string,
    form: () => Record<string, unknown>,
    req: IncomingMessage,
    res: ServerResponse,
  ): boolean {
    const intent = /^\/v1\/setup_intents\/([^/]+)$/.exec(path)?.[1];
    const paymentIntent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && paymentIntent) {
      const id = decodeURIComponent(paymentIntent);
      const found = offSessionBodies.get(id) ?? paymentIntents.get(id);
      if (!found) missing(res, 'intent', `No such payment_intent: '${id}'`);
      else json(res, 200, found);
      return true;
    }
    const pm = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)?.[1];
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path)?.[1];
    if (method === 'POST' && path === '/v1/customers') {
      replayable(req, res, () => {
        const body = form();
        const customer = {
          id: id('cus'),
          email: typeof body.email === 'string' ? body.email : null,
          name: typeof body.name === 'string' ? body.name : null,
        };
        customers.set(customer.id, customer);
        json(res, 200, { ...customer, object: 'customer', created: nowSeconds(), livemode: false });
      });
      return true;
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      replayable(req, res, () => createPaymentIntent(form(), res));
      return true;
    }
    if (method === 'GET' && intent) {
      const found = setupIntents.get(decodeURIComponent(intent));
      if (!found) missing(res, 'intent', `No such setupintent: '${intent}'`);
      else json(res, 200, found);
      return true;
    }
    if (method === 'GET' && pm) {
      const found = paymentMethods.get(decodeURIComponent(pm));
      if (!found) missing(res, 'payment_method', `No such PaymentMethod: '${pm}'`);
      else json(res, 200, found);
      return true;
    }
    if (method === 'POST' && detach) {
      const found = paymentMethods.get(decodeURIComponent(detach));
      if (!found) missing(res, 'payment_method', `No such PaymentMethod: '${detach}'`);
      else if (found.customer === null) {
        stripeError(res, 400, {
          type: 'invalid_request_error',
          code: 'payment_method_unexpected_state',
          message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
        });
      } else {
        found.customer = null;
        json(res, 200, found);
      }
      return true;
    }
    return false;
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake.stripe');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => (latencyMs > 0 ? setTimeout(answer, latencyMs) : answer()));
    function answer() {
      const payPage = /^\/c\/pay\/([^/]+)$/.exec(url.pathname)?.[1];
      if (req.method === 'GET' && payPage) return payNow(decodeURIComponent(payPage), res);
      if (isDown) return stripeError(res, 503, { type: 'api_error', message: 'An unknown error occurred.' });
      const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (key !== secretKey) {
        // Stripe masks all but the last 4 characters of a wrong key.
        const masked = key ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '';
        return stripeError(res, 401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` });
      }
      const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      const form = () => parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const parsed = form();
        return parsed.mode === 'setup' ? createSetupSession(parsed, res) : createSession(parsed, res);
      }
      if (savedCardRoute(req.method ?? 'GET', url.pathname, form, req, res)) return;
      if (req.method === 'GET' && session?.[1]) {
        return retrieveSession(decodeURIComponent(session[1]), parseStripeForm(url.search.slice(1)).expand, res);
      }
      if (req.method === 'POST' && expiring?.[1]) return expireOpenSession(decodeURIComponent(expiring[1]), res);
      if (req.method === 'POST' && url.pathname === '/v1/refunds') return replayable(req, res, () => createRefund(form(), res));
      if (req.method === 'GET' && url.pathname === '/v1/webhook_endpoints') return listEndpoints(url, res);
      const message = `Unrecognized request URL (${req.method}: ${url.pathname}).`;
      stripeError(res, 404, { type: 'invalid_request_error', message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /**
   * Stripe keeps each Idempotency-Key's first answer (24 h) and replays it, with the header
   * `Idempotent-Replayed: true`, so a retried refund never refunds twice.
   */
  function replayable(req: IncomingMessage, res: ServerResponse, handle: () => void) {
    const key = req.headers['idempotency-key'];
    const first = typeof key === 'string' ? idempotent.get(`${req.url}:${key}`) : undefined;
    if (first) {
      res.writeHead(first.status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' }).end(JSON.stringify(first.body));
      return;
    }
    if (typeof key === 'string') {
      const end = res.end.bind(res);
      res.end = ((body: string) => {
        idempotent.set(`${req.url}:${key}`, { status: res.statusCode, body: JSON.parse(body) as unknown });
        return end(body);
      }) as typeof res.end;
    }
    handle();
  }

  function complete(session: StripeFakeSession, paymentStatus: 'paid' | 'unpaid') {
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.payment_intent ??= id('pi');
    paymentIntents.set(session.payment_intent, {
      id: session.payment_intent,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: paymentStatus === 'paid' ? session.amount_total : 0,
      currency: session.currency,
      status: paymentStatus === 'paid' ? 'succeeded' : 'processing',
      metadata: session.metadata,
      created: nowSeconds(),
      livemode: false,
      payment_method_types: [paymentStatus === 'paid' ? 'card' : 'sepa_debit'],
      last_payment_error: null,
    });
    session.url = null;
    queueEvent('checkout.session.completed', session);
  }

  function expire(session: StripeFakeSession) {
    session.status = 'expired';
    session.url = null;
    queueEvent('checkout.session.expired', session);
  }

  /** Stripe ends an open session at its `expires_at` (and says so with `checkout.session.expired`). */
  function lapse(session: StripeFakeSession) {
    if (session.status === 'open' && nowSeconds() >= session.expires_at) expire(session);
  }

  function eventFor(type: string, session: StripeFakeSession, opts: { secret?: string; id?: string } = {}): StripeDelivery {
    const event = {
      id: opts.id ?? id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(event, null, 2);
    const secret = opts.secret ?? webhookSecret;
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    return { type, body, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } };
  }

  /** Only the types enabled on the endpoint are sent at all. */
  function queueEvent(type: string, session: StripeFakeSession) {
    if (enabledEvents.has(type)) pendingWebhooks.push(eventFor(type, session));
  }

  function known(sessionId: string): StripeFakeSession {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`Stripe fake: no session ${sessionId}`);
    return found.session;
  }

  return {
    apiBase,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    paymentIntents,
    requests,
    customers,
    paymentMethods,
    offSessionIntents,
    setCardLast4(paymentMethodId, last4) {
      const found = paymentMethods.get(paymentMethodId);
      if (!found) throw new Error(`Stripe fake: no payment method ${paymentMethodId}`);
      found.card.last4 = last4;
    },
    completeSetup(sessionId, card) {
      const session = known(sessionId);
      if (session.mode !== 'setup' || session.status !== 'open') throw new Error(`Stripe fake: ${sessionId} is no open setup session`);
      return saveCard(session, card);
    },
    down(on) {
      isDown = on;
    },
    slow(ms) {
      latencyMs = ms;
    },
    completeSession(sessionId, paymentStatus = 'paid') {
      const session = known(sessionId);
      complete(session, paymentStatus);
      return session;
    },
    expireSession(sessionId) {
      const session = known(sessionId);
      expire(session);
      return session;
    },
    signedEvent(type, sessionId, opts = {}) {
      const { body, headers } = eventFor(type, known(sessionId), opts);
      return { body, headers };
    },
    settleAsync(sessionId, result) {
      const session = known(sessionId);
      if (session.status !== 'complete' || session.payment_status !== 'unpaid') {
        throw new Error(`Stripe fake: session ${sessionId} has no delayed payment in progress`);
      }
      const intent = paymentIntents.get(session.payment_intent!)!;
      if (result === 'succeeded') {
        session.payment_status = 'paid';
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      } else {
        // The debit bounced: Stripe puts the intent back to requires_payment_method; the session stays complete, unpaid.
        const message = 'The customer’s account has insufficient funds to cover this payment.';
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: { type: 'invalid_request_error', code: 'insufficient_funds', message },
        });
      }
      queueEvent(`checkout.session.async_payment_${result}`, session);
      return session;
    },
    enableEvents(types) {
      enabledEvents.clear();
      for (const type of types) enabledEvents.add(type);
    },
    webhookEndpoints,
    addWebhookEndpoint(endpointUrl, enabledEvents) {
      const endpoint: Stripe.WebhookEndpoint = {
        id: id('we'),
        object: 'webhook_endpoint',
        api_version: null,
        application: null,
        created: nowSeconds(),
        description: null,
        enabled_events: enabledEvents,
        livemode: false,
        metadata: {},
        status: 'enabled',
        url: endpointUrl,
      };
      webhookEndpoints.push(endpoint);
      return endpoint;
    },
    pendingWebhooks,
    async deliverWebhooks(send, attempts = 3) {
      const delivered: StripeDelivery[] = [];
      while (pendingWebhooks.length) {
        const delivery = pendingWebhooks.shift()!;
        for (let attempt = 1; attempt <= attempts; attempt += 1) {
          const status = await send(delivery);
          if (status >= 200 && status < 300) {
            delivered.push(delivery);
            break;
          }
        }
      }
      return delivered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
