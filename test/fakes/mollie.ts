// Mollie's Payments API, faked with nock: the Mollie client only speaks HTTPS with its own CA
// bundle, so no local server can stand in for it. Give the adapter `apiBase` and `apiKey`.
// No test-runner imports: the unit tests and the API suite both use it (same process as the app).
//   POST /v2/payments      -> a payment `open`, with `_links.checkout.href` (Bearer test_… key)
//   GET  /v2/payments/:id  -> the payment as it is now; 404 with Mollie's error JSON when unknown
//   DELETE /v2/payments/:id -> cancels a payment whose `isCancelable` is true; 422 otherwise
//   POST /v2/payments/:id/refunds -> a refund of a paid payment (`idempotency-key` replays the first answer)
//   POST /v2/payments/:id/captures -> captures an `authorized` hold before its `captureBefore` (then `paid`)
// Mandates (issue 21):
//   POST /v2/customers     -> a customer (cst_…)
//   POST /v2/customers/:id/payments -> a payment on the customer (`sequenceType: first`); `payFirst()` pays it and makes the mandate
//   GET / DELETE /v2/customers/:id/mandates/:mandateId -> the mandate; revoked (204), then 404
//   POST /v2/customers/:id/payments with `sequenceType: recurring` and a valid mandate -> a card is
//        `paid` at once (`failed` once `declineMandate()`), a direct debit `pending`; `idempotency-key` replays
// Mollie's webhook carries only `id=tr_…`: a test posts that form to the app itself, after
// `setStatus()`, and the adapter fetches the payment back from here; or `deliverWebhooks(send)`
// posts one for each status change of a payment that has a webhookUrl, as Mollie does.
// Time is the fake's clock (`{ clock }`): an open payment past `expiresAt` reads `expired`, an
// `authorized` hold past `captureBefore` lapses (`failed`, as the issuer declines the capture).
//
// Other HTTP traffic: while a Mollie fake runs, nock lets requests through only to local hosts
// (127.0.0.1, localhost, ::1: supertest, the other fakes), and refuses the rest, so no test can reach
// the real internet by accident. stop() removes its interceptors and allows all traffic again
// (nock's own default).
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import nock from 'nock';

export type MolliePaymentStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

/** A payment as Mollie's API returns it (the fields the shop reads, and a few more). */
export interface MollieFakePayment {
  resource: 'payment';
  id: string;
  mode: 'test';
  createdAt: string;
  status: MolliePaymentStatus;
  isCancelable: boolean;
  amount: { currency: string; value: string };
  description: string;
  method: string | null;
  metadata: unknown;
  profileId: string;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId?: string;
  mandateId?: string;
  redirectUrl: string | null;
  cancelUrl?: string;
  webhookUrl?: string;
  expiresAt?: string;
  paidAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  failedAt?: string;
  authorizedAt?: string;
  /** An `authorized` hold must be captured before this, or it lapses. */
  captureBefore?: string;
  amountRefunded?: { currency: string; value: string };
  amountRemaining?: { currency: string; value: string };
  _links: Record<string, { href: string; type: string }>;
}

/** A mandate as Mollie's API returns it (mollie-specs.yaml `get-mandate`). */
export interface MollieFakeMandate {
  resource: 'mandate';
  id: string;
  mode: 'test';
  status: 'valid' | 'pending' | 'invalid';
  method: 'creditcard' | 'directdebit';
  details: Record<string, string | null>;
  customerId: string;
  createdAt: string;
  _links: Record<string, { href: string; type: string }>;
}

/** A refund as Mollie's API returns it (mollie-specs.yaml `get-refund`). */
export interface MollieFakeRefund {
  resource: 'refund';
  id: string;
  mode: 'test';
  description: string;
  amount: { currency: string; value: string };
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
  metadata: unknown;
  paymentId: string;
  createdAt: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface MollieFakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface MollieFake {
  /** https://api.mollie.test/v2/: give it to the adapter as `apiBase` (MOLLIE_API_BASE). */
  apiBase: string;
  /** The only key accepted (a `test_…` key, as Mollie's test mode). */
  apiKey: string;
  /** Every payment created, by id: the create call's JSON body, and the payment now. */
  readonly payments: Map<string, { request: Record<string, unknown>; payment: MollieFakePayment }>;
  /** Every refund made, by id: the create call's JSON body, and the refund. */
  readonly refunds: Map<string, { request: Record<string, unknown>; refund: MollieFakeRefund }>;
  /** Every request received, in order. */
  readonly requests: MollieFakeRequest[];
  /** Customers created, by id. */
  readonly customers: Map<string, { id: string; name: string | null; email: string | null }>;
  /** Mandates, by id (removed once revoked). */
  readonly mandates: Map<string, MollieFakeMandate>;
  /**
   * The customer paid a first payment: a valid mandate is made on its customer (a card, or the
   * bank account `directdebit` details a test gives) and the payment becomes `paid`.
   */
  payFirst(paymentId: string, mandate?: Pick<MollieFakeMandate, 'method' | 'details'>): MollieFakeMandate;
  /** Recurring payments on this mandate fail from now on (the issuer refuses: insufficient funds). */
  declineMandate(mandateId: string): void;
  /**
   * The customer (or time) moved the payment on: sets the status and its timestamp, as Mollie does
   * (`authorized`: a card hold, `captureBefore` 7 days on), and queues the webhook call.
   */
  setStatus(id: string, status: MolliePaymentStatus): MollieFakePayment;
  /** Every capture made, by payment id. */
  readonly captures: Map<string, { id: string; status: 'pending' | 'succeeded' | 'failed' }>;
  /** Webhook calls queued by status changes (the payment ids), not yet delivered. */
  readonly pendingWebhooks: string[];
  /** Posts `id=tr_…` for each queued change through `send` (answers the HTTP status), retrying a refused one. */
  deliverWebhooks(send: (paymentId: string) => Promise<number>, attempts?: number): Promise<string[]>;
  /**
   * While on, Mollie fails every call: `'http'` answers 503 with Mollie's error JSON (and
   * `Retry-After: 0`, so the client's three attempts do not wait 2 s each); `'network'` drops the
   * connection.
   */
  down(on: boolean, how?: 'http' | 'network'): void;
  /** Removes the interceptors and lets all HTTP traffic through again. */
  stop(): void;
}

/** `GET /v2/methods`: the methods enabled on the profile, as Mollie lists them (not paginated). */
export function mollieMethodList(apiBase: string) {
  const method = (id: string, description: string, maximum: string) => ({
    resource: 'method',
    id,
    description,
    minimumAmount: { value: '0.01', currency: 'EUR' },
    maximumAmount: { value: maximum, currency: 'EUR' },
    image: {
      size1x: `https://mollie.com/external/icons/payment-methods/${id}.png`,
      size2x: `https://mollie.com/external/icons/payment-methods/${id}%402x.png`,
      svg: `https://mollie.com/external/icons/payment-methods/${id}.svg`,
    },
    status: 'activated',
    _links: { self: { href: `${apiBase}methods/${id}`, type: 'application/hal+json' } },
  });
  const methods = [method('bancontact', 'Bancontact', '50000.00'), method('creditcard', 'Card', '2000.00')];
  return {
    count: methods.length,
    _embedded: { methods },
    _links: {
      self: { href: `${apiBase}methods`, type: 'application/hal+json' },
      documentation: { href: 'https://docs.mollie.com/reference/list-methods', type: 'text/html' },
    },
  };
}

/** Hosts nock lets through while the fake runs (`host` is `name:port`). */
const LOCAL_HOST = /^(127\.0\.0\.1|localhost|\[?::1\]?)(:\d+)?$/;
/** Mollie refuses webhook URLs it cannot reach (422 on webhookUrl); so does the fake. */
const UNREACHABLE_WEBHOOK = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i;

const toCents = (value: string) => Math.round(Number(value) * 100);
const toDecimal = (cents: number) => (cents / 100).toFixed(2);

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Mollie ids: a prefix and 10 letters or digits. */
const mollieId = (prefix: string) => `${prefix}_${[...randomBytes(10)].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')}`;

/** Where the fake reads the time (a movable clock in tests); the system clock by default. */
export interface FakeClock {
  now(): Date;
}

/** How long a card hold lasts at the fake (at least 7 days for Visa and Amex, Mollie says). */
export const MOLLIE_HOLD_MS = 7 * 24 * 3_600_000;

export function startMollieFake(options: { clock?: FakeClock } = {}): MollieFake {
  const clock = options.clock ?? { now: () => new Date() };
  const captures: MollieFake['captures'] = new Map();
  const pendingWebhooks: string[] = [];
  const apiBase = 'https://api.mollie.test/v2/';
  const { origin, pathname: basePath } = new URL(apiBase);
  const apiKey = `test_${randomBytes(15).toString('hex')}`;
  const payments: MollieFake['payments'] = new Map();
  const refunds: MollieFake['refunds'] = new Map();
  const replays = new Map<string, Reply>(); // idempotency key -> the first answer
  const requests: MollieFakeRequest[] = [];
  let failure: 'http' | 'network' | null = null;

  type Reply = [status: number, body: nock.Body, headers: Record<string, string>];
  const problem = (status: number, title: string, detail: string, field?: string): Reply => [
    status,
    {
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
    },
    { 'Content-Type': 'application/hal+json' },
  ];

  /** What every call goes through first: the log, the outage switch, the key. */
  function gate(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): Reply | null {
    requests.push({ method, path, headers, body });
    if (failure === 'network') throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    if (failure === 'http') {
      const [status, json] = problem(503, 'Service Unavailable', 'The service is temporarily unavailable.');
      return [status, json, { 'Content-Type': 'application/hal+json', 'Retry-After': '0' }];
    }
    if (headers.authorization !== `Bearer ${apiKey}`) {
      return problem(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    }
    return null;
  }

  function create(body: Record<string, unknown>): Reply {
    const amount = body.amount as { currency?: string; value?: string } | undefined;
    if (!amount?.currency || !/^\d+\.\d{2}$/.test(amount.value ?? '')) {
      return problem(422, 'Unprocessable Entity', 'The amount is invalid', 'amount.value');
    }
    if (typeof body.description !== 'string' || body.description === '') {
      return problem(422, 'Unprocessable Entity', 'The description is invalid', 'description');
    }
    if (typeof body.webhookUrl === 'string' && UNREACHABLE_WEBHOOK.test(body.webhookUrl)) {
      const detail = "The webhook URL is invalid because it is unreachable from Mollie's point of view.";
      return problem(422, 'Unprocessable Entity', detail, 'webhookUrl');
    }
    const id = mollieId('tr');
    const created = clock.now();
    const payment: MollieFakePayment = {
      resource: 'payment',
      id,
      mode: 'test',
      createdAt: created.toISOString(),
      status: 'open',
      isCancelable: false,
      amount: { currency: amount.currency, value: amount.value as string },
      description: body.description,
      method: null,
      metadata: body.metadata ?? null,
      profileId: 'pfl_QkEhN94Ba',
      sequenceType: 'oneoff',
      redirectUrl: typeof body.redirectUrl === 'string' ? body.redirectUrl : null,
      ...(typeof body.cancelUrl === 'string' ? { cancelUrl: body.cancelUrl } : {}),
      ...(typeof body.webhookUrl === 'string' ? { webhookUrl: body.webhookUrl } : {}),
      expiresAt: new Date(created.getTime() + 15 * 60_000).toISOString(),
      _links: {
        self: { href: `${apiBase}payments/${id}`, type: 'application/hal+json' },
        checkout: { href: `https://www.mollie.com/checkout/select-method/${id.slice(3)}`, type: 'text/html' },
        dashboard: { href: `https://www.mollie.com/dashboard/payments/${id}`, type: 'text/html' },
        documentation: { href: 'https://docs.mollie.com/reference/create-payment', type: 'text/html' },
      },
    };
    payments.set(id, { request: body, payment });
    return [201, payment as unknown as nock.Body, { 'Content-Type': 'application/hal+json' }];
  }

  function get(id: string): Reply {
    const found = payments.get(id);
    if (!found) return problem(404, 'Not Found', `No payment exists with token ${id}.`);
    lapse(found.payment);
    return [200, found.payment as unknown as nock.Body, { 'Content-Type': 'application/hal+json' }];
  }

  /** Time moves a payment on by itself: an open one expires, a hold not captured in time lapses. */
  function lapse(payment: MollieFakePayment) {
    const at = clock.now().getTime();
    if (payment.status === 'open' && payment.expiresAt && at >= Date.parse(payment.expiresAt)) moveTo(payment, 'expired');
    if (payment.status === 'authorized' && payment.captureBefore && at >= Date.parse(payment.captureBefore)) moveTo(payment, 'failed');
  }

  /** Captures a hold in full (mollie-doc-place-a-hold-for-a-payment.rst): the payment becomes `paid`. */
  function capture(id: string): Reply {
    const found = payments.get(id);
    if (!found) return problem(404, 'Not Found', `No payment exists with token ${id}.`);
    lapse(found.payment);
    if (found.payment.status !== 'authorized') return problem(422, 'Unprocessable Entity', 'The payment cannot be captured');
    const made = { id: mollieId('cpt'), status: 'succeeded' as const };
    captures.set(id, made);
    moveTo(found.payment, 'paid');
    const body = {
      resource: 'capture',
      id: made.id,
      mode: 'test',
      amount: found.payment.amount,
      status: made.status,
      paymentId: id,
      createdAt: clock.now().toISOString(),
      _links: { self: { href: `${apiBase}payments/${id}/captures/${made.id}`, type: 'application/hal+json' } },
    };
    return [201, body as unknown as nock.Body, { 'Content-Type': 'application/hal+json' }];
  }

  /** Mollie cancels only what `isCancelable` allows (a bank transfer, a pending direct debit), not an open card payment. */
  function cancel(id: string): Reply {
    const found = payments.get(id);
    if (!found) return problem(404, 'Not Found', `No payment exists with token ${id}.`);
    lapse(found.payment);
    if (!found.payment.isCancelable) return problem(422, 'Unprocessable Entity', 'The payment cannot be cancelled');
    return [200, moveTo(found.payment, 'canceled') as unknown as nock.Body, { 'Content-Type': 'application/hal+json' }];
  }

  function refund(id: string, body: Record<string, unknown>): Reply {
    const found = payments.get(id);
    if (!found) return problem(404, 'Not Found', `No payment exists with token ${id}.`);
    const { payment } = found;
    const amount = body.amount as { currency?: string; value?: string } | undefined;
    if (!amount?.currency || !/^\d+\.\d{2}$/.test(amount.value ?? '')) {
      return problem(422, 'Unprocessable Entity', "The 'amount' field is missing", 'amount');
    }
    if (payment.status !== 'paid') return problem(422, 'Unprocessable Entity', 'The payment cannot be refunded', 'amount');
    if (amount.currency !== payment.amount.currency) {
      return problem(422, 'Unprocessable Entity', 'The refund currency must match the payment currency', 'amount.currency');
    }
    const total = toCents(payment.amount.value);
    const refundedBefore = toCents(payment.amountRefunded?.value ?? '0.00');
    const asked = toCents(amount.value as string);
    if (asked <= 0 || asked > total - refundedBefore) {
      return problem(422, 'Unprocessable Entity', 'The refund amount exceeds the amount remaining', 'amount.value');
    }
    payment.amountRefunded = { currency: payment.amount.currency, value: toDecimal(refundedBefore + asked) };
    payment.amountRemaining = { currency: payment.amount.currency, value: toDecimal(total - refundedBefore - asked) };
    const made: MollieFakeRefund = {
      resource: 'refund',
      id: mollieId('re'),
      mode: 'test',
      description: typeof body.description === 'string' ? body.description : payment.description,
      amount: { currency: amount.currency, value: amount.value as string },
      status: 'pending',
      metadata: body.metadata ?? null,
      paymentId: id,
      createdAt: clock.now().toISOString(),
      _links: {
        self: { href: `${apiBase}payments/${id}/refunds/`, type: 'application/hal+json' },
        payment: { href: `${apiBase}payments/${id}`, type: 'application/hal+json' },
        documentation: { href: 'https://docs.mollie.com/reference/create-refund', type: 'text/html' },
      },
    };
    made._links.self!.href += made.id;
    refunds.set(made.id, { request: body, refund: made });
    return [201, made as unknown as nock.Body, { 'Content-Type': 'application/hal+json' }];
  }

  /** Mollie stores each idempotency key's answer and replays it for a repeated call. */
  function once(headers: IncomingHttpHeaders, scopeKey: string, handle: () => Reply): Reply {
    const key = headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${scopeKey}:${key}` : undefined;
    const first = replayKey ? replays.get(replayKey) : undefined;
    if (first) return first;
    const answer = handle();
    if (replayKey) replays.set(replayKey, answer);
    return answer;
  }

  /** nock hands JSON bodies over parsed, anything else as text. */
  const parse = (body: unknown): Record<string, unknown> => {
    if (typeof body !== 'string') return (body ?? {}) as Record<string, unknown>;
    return body ? (JSON.parse(body) as Record<string, unknown>) : {};
  };

  const scope = nock(origin).persist();
  const createInterceptor = scope.post(`${basePath}payments`);
  createInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string, body: nock.Body) {
    return gate('POST', uri, this.req.headers, body) ?? create(parse(body));
  });
  const getPath = new RegExp(`^${basePath}payments/([^/?]+)$`);
  const getInterceptor = scope.get(getPath);
  getInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string) {
    return gate('GET', uri, this.req.headers, null) ?? get(decodeURIComponent(getPath.exec(uri)?.[1] ?? ''));
  });
  const cancelInterceptor = scope.delete(getPath);
  cancelInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string, body: nock.Body) {
    const id = decodeURIComponent(getPath.exec(uri)?.[1] ?? '');
    return gate('DELETE', uri, this.req.headers, body || null) ?? cancel(id);
  });
  const refundPath = new RegExp(`^${basePath}payments/([^/?]+)/refunds$`);
  const refundInterceptor = scope.post(refundPath);
  refundInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string, body: nock.Body) {
    const id = decodeURIComponent(refundPath.exec(uri)?.[1] ?? '');
    return gate('POST', uri, this.req.headers, body) ?? once(this.req.headers, uri, () => refund(id, parse(body)));
  });
  const capturePath = new RegExp(`^${basePath}payments/([^/?]+)/captures$`);
  const captureInterceptor = scope.post(capturePath);
  captureInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string, body: nock.Body) {
    const id = decodeURIComponent(capturePath.exec(uri)?.[1] ?? '');
    return gate('POST', uri, this.req.headers, body) ?? once(this.req.headers, uri, () => capture(id));
  });
  const methodsInterceptor = scope.get(new RegExp(`^${basePath}methods(\\?.*)?$`));
  methodsInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string) {
    return gate('GET', uri, this.req.headers, null) ?? [200, mollieMethodList(apiBase), { 'Content-Type': 'application/hal+json' }];
  });
  // --- Customers and mandates (issue 21) ---
  const customers: MollieFake['customers'] = new Map();
  const mandates: MollieFake['mandates'] = new Map();
  const declined = new Set<string>();
  const json = (status: number, body: unknown): Reply => [status, body as nock.Body, { 'Content-Type': 'application/hal+json' }];

  const customersInterceptor = scope.post(`${basePath}customers`);
  customersInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string, body: nock.Body) {
    const denied = gate('POST', uri, this.req.headers, body);
    if (denied) return denied;
    const given = parse(body);
    const customer = {
      id: mollieId('cst'),
      name: typeof given.name === 'string' ? given.name : null,
      email: typeof given.email === 'string' ? given.email : null,
    };
    customers.set(customer.id, customer);
    return json(201, {
      resource: 'customer',
      mode: 'test',
      ...customer,
      locale: null,
      metadata: null,
      createdAt: clock.now().toISOString(),
    });
  });
  const customerPaymentsPath = new RegExp(`^${basePath}customers/([^/?]+)/payments$`);
  const customerPaymentsInterceptor = scope.post(customerPaymentsPath);
  customerPaymentsInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string, body: nock.Body) {
    const denied = gate('POST', uri, this.req.headers, body);
    if (denied) return denied;
    return once(this.req.headers, uri, () => customerPayment(decodeURIComponent(customerPaymentsPath.exec(uri)?.[1] ?? ''), parse(body)));
  });
  const mandatePath = new RegExp(`^${basePath}customers/([^/?]+)/mandates/([^/?]+)$`);
  const mandateGetInterceptor = scope.get(mandatePath);
  mandateGetInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string) {
    const denied = gate('GET', uri, this.req.headers, null);
    if (denied) return denied;
    const [, customerId, mandateId] = mandatePath.exec(uri) ?? [];
    const found = mandates.get(decodeURIComponent(mandateId ?? ''));
    if (!found || found.customerId !== decodeURIComponent(customerId ?? ''))
      return problem(404, 'Not Found', 'No mandate exists with this id.');
    return json(200, found);
  });
  const mandateRevokeInterceptor = scope.delete(mandatePath);
  mandateRevokeInterceptor.reply(async function (this: nock.ReplyFnContext, uri: string, body: nock.Body) {
    const denied = gate('DELETE', uri, this.req.headers, body || null);
    if (denied) return denied;
    const [, customerId, mandateId] = mandatePath.exec(uri) ?? [];
    const found = mandates.get(decodeURIComponent(mandateId ?? ''));
    if (!found || found.customerId !== decodeURIComponent(customerId ?? ''))
      return problem(404, 'Not Found', 'No mandate exists with this id.');
    mandates.delete(found.id);
    return [204, '', {}];
  });

  /** A payment on a customer: `first` opens a checkout that makes a mandate once paid. */
  function customerPayment(customerId: string, body: Record<string, unknown>): Reply {
    if (!customers.has(customerId)) return problem(404, 'Not Found', `No customer exists with token ${customerId}.`);
    const sequenceType = body.sequenceType === 'first' || body.sequenceType === 'recurring' ? body.sequenceType : 'oneoff';
    const mandate = sequenceType === 'recurring' ? mandates.get(String(body.mandateId)) : undefined;
    if (sequenceType === 'recurring' && (mandate?.customerId !== customerId || mandate.status !== 'valid')) {
      return problem(422, 'Unprocessable Entity', 'The mandate is invalid or does not belong to this customer', 'mandateId');
    }
    const answer = create(body);
    if (answer[0] !== 201) return answer;
    const payment = answer[1] as unknown as MollieFakePayment;
    payment.sequenceType = sequenceType;
    payment.customerId = customerId;
    if (typeof body.method === 'string') payment.method = body.method;
    if (mandate) {
      // No checkout for a recurring payment: the mandate is charged at once.
      payment.mandateId = mandate.id;
      payment.method = mandate.method;
      if (mandate.method === 'directdebit') moveTo(payment, 'pending');
      else if (declined.has(mandate.id)) {
        moveTo(payment, 'failed');
        (payment as unknown as { details: Record<string, string> }).details = { failureReason: 'insufficient_funds' };
      } else moveTo(payment, 'paid');
    }
    return answer;
  }

  nock.enableNetConnect((host) => LOCAL_HOST.test(host));

  /** Sets the status and its timestamp, as Mollie does; only an open payment keeps its checkout link. */
  function moveTo(payment: MollieFakePayment, status: MolliePaymentStatus): MollieFakePayment {
    const at = clock.now().toISOString();
    payment.status = status;
    // An authorized hold is cancelled to release it (mollie-doc-place-a-hold-for-a-payment.rst).
    payment.isCancelable = status === 'open' || status === 'pending' || status === 'authorized';
    if (status === 'authorized') {
      payment.authorizedAt = at;
      payment.captureBefore = new Date(clock.now().getTime() + MOLLIE_HOLD_MS).toISOString();
      payment.method = 'creditcard';
    } else {
      delete payment.captureBefore;
    }
    if (status === 'paid') payment.paidAt = at;
    if (status === 'canceled') payment.canceledAt = at;
    if (status === 'expired') payment.expiredAt = at;
    if (status === 'failed') payment.failedAt = at;
    if (status !== 'open') {
      payment.method ??= 'ideal';
      delete payment._links.checkout; // only an open payment can still be paid
      delete payment.expiresAt;
    }
    if (payment.webhookUrl) pendingWebhooks.push(payment.id); // Mollie calls the webhook on every status change
    return payment;
  }

  return {
    apiBase,
    apiKey,
    payments,
    refunds,
    requests,
    captures,
    customers,
    mandates,
    declineMandate(mandateId) {
      declined.add(mandateId);
    },
    payFirst(paymentId, given) {
      const found = payments.get(paymentId);
      if (!found?.payment.customerId || found.payment.sequenceType !== 'first')
        throw new Error(`Mollie fake: ${paymentId} is no first payment`);
      const expiry = new Date(clock.now().getTime() + 2 * 365 * 86_400_000);
      const mandate: MollieFakeMandate = {
        resource: 'mandate',
        id: mollieId('mdt'),
        mode: 'test',
        status: 'valid',
        method: given?.method ?? 'creditcard',
        details: given?.details ?? {
          cardHolder: 'T. Tester',
          cardNumber: '6787',
          cardLabel: 'Mastercard',
          cardFingerprint: 'fp_test',
          cardExpiryDate: `${expiry.getUTCFullYear()}-${String(expiry.getUTCMonth() + 1).padStart(2, '0')}-28`,
        },
        customerId: found.payment.customerId,
        createdAt: clock.now().toISOString(),
        _links: { self: { href: `${apiBase}customers/${found.payment.customerId}/mandates/`, type: 'application/hal+json' } },
      };
      mandate._links.self!.href += mandate.id;
      mandates.set(mandate.id, mandate);
      found.payment.mandateId = mandate.id;
      moveTo(found.payment, 'paid');
      return mandate;
    },
    pendingWebhooks,
    async deliverWebhooks(send, attempts = 3) {
      const delivered: string[] = [];
      while (pendingWebhooks.length) {
        const paymentId = pendingWebhooks.shift()!;
        for (let attempt = 1; attempt <= attempts; attempt += 1) {
          const status = await send(paymentId);
          if (status >= 200 && status < 300) {
            delivered.push(paymentId);
            break;
          }
        }
      }
      return delivered;
    },
    setStatus(id, status) {
      const found = payments.get(id);
      if (!found) throw new Error(`Mollie fake: no payment ${id}`);
      return moveTo(found.payment, status);
    },
    down(on, how = 'http') {
      failure = on ? how : null;
    },
    stop() {
      nock.removeInterceptor(createInterceptor);
      nock.removeInterceptor(getInterceptor);
      nock.removeInterceptor(cancelInterceptor);
      nock.removeInterceptor(refundInterceptor);
      nock.removeInterceptor(captureInterceptor);
      nock.removeInterceptor(methodsInterceptor);
      nock.removeInterceptor(customersInterceptor);
      nock.removeInterceptor(customerPaymentsInterceptor);
      nock.removeInterceptor(mandateGetInterceptor);
      nock.removeInterceptor(mandateRevokeInterceptor);
      nock.enableNetConnect();
    },
  };
}
