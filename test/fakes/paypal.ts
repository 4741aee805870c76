// A local server speaking PayPal's REST wire format (OAuth client credentials, Orders v2, webhook
// verification), for the fetch-based PayPal adapter: give it `apiBase`, `clientId`, `clientSecret`
// and `webhookId`. No test-runner imports: the unit tests, the API suite and the browser suite all
// start it.
//   POST /v1/oauth2/token                      -> access token (HTTP Basic client id:secret)
//   POST /v2/checkout/orders                   -> order CREATED, link rel 'approve' (PayPal-Request-Id replays)
//   GET  /v2/checkout/orders/:id               -> the order as it is now, 404 RESOURCE_NOT_FOUND when unknown
//   POST /v2/checkout/orders/:id/capture       -> 422 ORDER_NOT_APPROVED until approve(id); then a capture;
//                                                 then 422 ORDER_ALREADY_CAPTURED (a repeated request id replays)
//   POST /v2/payments/captures/:id/refund     -> a refund of a completed capture (PayPal-Request-Id replays)
//   POST /v1/notifications/verify-webhook-signature -> SUCCESS only for what signedWebhook() produced
//   GET  /checkoutnow?token=ID                 -> the buyer approves at once: 302 to return_url?token=ID&PayerID=…
// Time is the fake's clock (`{ clock }`, the movable test clock): an order not approved within its
// approval window (about 3 h), or approved and not captured within 3 h of it, is gone (404, and its
// approval link is dead). Webhooks: `enableEvents([...])` makes each state change queue its event
// (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED...), `deliverWebhooks(send)` posts them.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where the fake reads the time (a movable clock in tests); the system clock by default. */
export interface FakeClock {
  now(): Date;
}

/** About 3 h to approve an order, then about 3 h to capture it once approved. */
export const PAYPAL_APPROVAL_WINDOW_MS = 3 * 3_600_000;
/** How long PayPal keeps a PayPal-Request-Id's answer to replay it (6 h); a key used later is a new request. */
export const PAYPAL_REQUEST_ID_RETENTION_MS = 6 * 3_600_000;

/** A signed webhook ready to post to the app's webhook route. */
export interface PaypalDelivery {
  type: string;
  body: string;
  headers: Record<string, string>;
}

export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export interface PaypalFakeCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  /** Why a capture is PENDING (paypal-payments-v2.json `capture_status_details`). */
  status_details?: { reason: string };
  amount: PaypalMoney;
  final_capture: boolean;
  custom_id?: string;
  create_time: string;
  update_time: string;
  supplementary_data: { related_ids: { order_id: string } };
  links: PaypalLink[];
}

/** A refund as `POST /v2/payments/captures/:id/refund` answers it (paypal-payments-v2.json `refund`). */
export interface PaypalFakeRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'CANCELLED' | 'FAILED';
  amount: PaypalMoney;
  note_to_payer?: string;
  seller_payable_breakdown: { gross_amount: PaypalMoney; net_amount: PaypalMoney };
  create_time: string;
  update_time: string;
  links: PaypalLink[];
}

export interface PaypalLink {
  href: string;
  rel: string;
  method: string;
}

export interface PaypalFakePurchaseUnit {
  reference_id?: string;
  custom_id?: string;
  description?: string;
  amount: PaypalMoney;
  payments?: { captures: PaypalFakeCapture[] };
}

/** An order as `GET /v2/checkout/orders/:id` answers it. */
export interface PaypalFakeOrderJson {
  id: string;
  intent: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: PaypalFakePurchaseUnit[];
  create_time: string;
  update_time: string;
  links: PaypalLink[];
}

/** How the next capture of an approved order ends (INSTRUMENT_DECLINED: PayPal's 422, no capture). */
export type PaypalCaptureResult = 'COMPLETED' | 'DECLINED' | 'PENDING' | 'INSTRUMENT_DECLINED';

export interface PaypalFakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON (or the form fields of the token call). */
  body: unknown;
}

/** What the fake keeps of an order: the create call as received, and the order as it is now. */
export interface PaypalFakeStoredOrder {
  request: { body: unknown; requestId: string | undefined };
  order: PaypalFakeOrderJson;
}

/** A webhook of the app (paypal-webhooks-v1.json `webhook`). */
export interface PaypalFakeWebhook {
  id: string;
  url: string;
  event_types: { name: string; description: string; status: 'ENABLED' }[];
  links: { href: string; rel: string; method: string }[];
}

export interface PaypalFake {
  /** e.g. http://127.0.0.1:40123: give it to the adapter as `apiBase` (PAYPAL_API_BASE). */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The webhook id verification calls must name (PAYPAL_WEBHOOK_ID). */
  webhookId: string;
  /** Every order created, by PayPal order id: the create call's body and request id, and the order now. */
  readonly orders: Map<string, PaypalFakeStoredOrder>;
  /** Every refund made, by refund id: the capture it gives back, the call's body and request id, the refund. */
  readonly refunds: Map<string, { captureId: string; request: { body: unknown; requestId: string | undefined }; refund: PaypalFakeRefund }>;
  /** Every request received, in order. */
  readonly requests: PaypalFakeRequest[];
  /** How many access tokens were issued (the adapter should cache one). */
  readonly tokensIssued: number;
  /** The customer approved the order on PayPal; `result` chooses how its capture ends (COMPLETED by default). */
  approve(id: string, result?: PaypalCaptureResult): void;
  /** Captures an approved order as another client would (no request id): the adapter meets ORDER_ALREADY_CAPTURED. */
  capture(id: string): PaypalFakeCapture;
  /** Invalidates every token issued so far: the next API call answers 401 invalid_token. */
  revokeTokens(): void;
  /** While on, every call answers 503 with PayPal's SERVICE_UNAVAILABLE JSON. */
  down(on: boolean): void;
  /**
   * A slow PayPal: capture calls are held open until `release()`, or at most PAYPAL_SLOW_CAPTURE_MS
   * (20 s) after this call, then answered as usual. `waiting` counts the capture calls held right now.
   */
  slowCaptures(): { release(): void; readonly waiting: number };
  /** A PENDING capture clears: COMPLETED, and PAYMENT.CAPTURE.COMPLETED is queued if enabled. */
  settleCapture(captureId: string): PaypalFakeCapture;
  /** The event types the webhook subscribes to: a state change queues its event only if listed. */
  enableEvents(types: string[]): void;
  /**
   * The app's webhooks, as `GET /v1/notifications/webhooks` lists them (none at first).
   * `registerWebhook(url, eventTypes)` adds the one named `webhookId` (`['*']`: every event).
   */
  readonly webhooks: PaypalFakeWebhook[];
  registerWebhook(url: string, eventTypes: string[]): PaypalFakeWebhook;
  /** Events queued by state changes, not yet delivered. */
  readonly pendingWebhooks: PaypalDelivery[];
  /** Posts the queued events through `send` (answers the HTTP status), retrying a refused one up to `attempts` in all. */
  deliverWebhooks(send: (delivery: PaypalDelivery) => Promise<number>, attempts?: number): Promise<PaypalDelivery[]>;
  /** A realistic webhook body: id `WH-…`, event_type, resource_type, resource, links. */
  webhookEvent(type: string, resource: object): Record<string, unknown>;
  /**
   * The body and PayPal-Transmission-* headers PayPal would post for `event`. Only these pass the
   * fake's verification, and only with this body unchanged and the fake's webhook id.
   */
  signedWebhook(event: object): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const isoSeconds = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
/** How long a capture waits at a slow PayPal (`slowCaptures()`). */
export const PAYPAL_SLOW_CAPTURE_MS = 20_000;

/** PayPal ids: 17 upper-case letters and digits. */
const paypalId = () => randomBytes(16).toString('hex').toUpperCase().slice(0, 17);

export async function startPaypalFake(options: { clock?: FakeClock } = {}): Promise<PaypalFake> {
  const clock = options.clock ?? { now: () => new Date() };
  const now = () => isoSeconds(clock.now());
  const enabledEvents = new Set<string>();
  const pendingWebhooks: PaypalDelivery[] = [];
  const approvedAt = new Map<string, number>();
  const createdAt = new Map<string, number>();

  /**
   * An order past its window is gone at PayPal: not approved within about 3 h of its creation, or
   * approved and not captured within about 3 h of the approval. A captured order stays.
   */
  function lapsed(order: PaypalFakeOrderJson): boolean {
    const at = clock.now().getTime();
    if (order.status === 'CREATED') return at - (createdAt.get(order.id) ?? at) >= PAYPAL_APPROVAL_WINDOW_MS;
    if (order.status === 'APPROVED') return at - (approvedAt.get(order.id) ?? at) >= PAYPAL_APPROVAL_WINDOW_MS;
    return false;
  }

  /** The order if PayPal still has it. */
  function live(id: string): PaypalFakeStoredOrder | undefined {
    const found = orders.get(id);
    return found && !lapsed(found.order) ? found : undefined;
  }
  const clientId = `fake-client-${randomBytes(6).toString('hex')}`;
  const clientSecret = `fake-secret-${randomBytes(16).toString('hex')}`;
  const webhooks: PaypalFakeWebhook[] = [];
  const webhookId = paypalId();
  const signingKey = randomBytes(32); // stands in for PayPal's certificate
  const orders: PaypalFake['orders'] = new Map();
  const refunds: PaypalFake['refunds'] = new Map();
  const requests: PaypalFakeRequest[] = [];
  const tokens = new Set<string>();
  const captureResults = new Map<string, PaypalCaptureResult>();
  // PayPal-Request-Id -> the first answer's body, kept PAYPAL_REQUEST_ID_RETENTION_MS on the fake's clock.
  const kept = new Map<string, { body: unknown; at: number }>();
  const replays = {
    get(key: string): unknown {
      const found = kept.get(key);
      if (found && clock.now().getTime() - found.at < PAYPAL_REQUEST_ID_RETENTION_MS) return found.body;
      kept.delete(key);
      return undefined;
    },
    set(key: string, body: unknown): void {
      kept.set(key, { body, at: clock.now().getTime() });
    },
  };
  const signedTransmissions = new Map<string, string>(); // transmission id -> canonical event JSON
  let tokensIssued = 0;
  let isDown = false;
  let apiBase = '';
  let captureGate: Promise<void> | null = null;
  let waitingCaptures = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Paypal-Debug-Id': randomBytes(7).toString('hex') });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, name: string, issue: string, description: string) =>
    json(res, status, {
      name,
      details: [{ issue, description }],
      message: name === 'RESOURCE_NOT_FOUND' ? 'The specified resource does not exist.' : 'The requested action could not be performed.',
      debug_id: randomBytes(7).toString('hex'),
    });

  const notFound = (res: ServerResponse) =>
    apiError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
  const unprocessable = (res: ServerResponse, issue: string, description: string) =>
    apiError(res, 422, 'UNPROCESSABLE_ENTITY', issue, description);

  const transmissionSignature = (transmissionId: string, time: string, hookId: string, body: string) =>
    createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${hookId}|${body}`).digest('base64');

  function token(req: IncomingMessage, form: URLSearchParams, res: ServerResponse) {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    if (id !== clientId || secret !== clientSecret) {
      return json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(accessToken);
    tokensIssued += 1;
    json(res, 200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: `${now()}${randomBytes(8).toString('hex')}`,
    });
  }

  function orderLinks(id: string): PaypalLink[] {
    return [
      { href: `${apiBase}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
      { href: `${apiBase}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
      { href: `${apiBase}/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' },
      { href: `${apiBase}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
    ];
  }

  function createOrder(body: Record<string, unknown>, requestId: string | undefined, res: ServerResponse) {
    const units = body.purchase_units as PaypalFakePurchaseUnit[] | undefined;
    const amount = units?.[0]?.amount;
    if (body.intent !== 'CAPTURE' || !units?.length || !amount || !/^\d+(\.\d{2})?$/.test(amount.value ?? '')) {
      return json(res, 400, {
        name: 'INVALID_REQUEST',
        message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
        details: [{ issue: 'INVALID_PARAMETER_VALUE', field: '/purchase_units/0/amount/value' }],
      });
    }
    const created = now();
    const order: PaypalFakeOrderJson = {
      id: paypalId(),
      intent: 'CAPTURE',
      status: 'CREATED',
      purchase_units: units.map(({ reference_id, custom_id, description, amount }) => ({
        reference_id,
        custom_id,
        description,
        amount,
      })),
      create_time: created,
      update_time: created,
      links: [],
    };
    order.links = orderLinks(order.id);
    orders.set(order.id, { request: { body, requestId }, order });
    createdAt.set(order.id, clock.now().getTime());
    const answer = { id: order.id, status: order.status, links: order.links };
    json(res, 201, answer);
    return answer;
  }

  /** Captures the order; null when the funding source was declined (INSTRUMENT_DECLINED). */
  function doCapture(order: PaypalFakeOrderJson): PaypalFakeCapture | null {
    const result = captureResults.get(order.id) ?? 'COMPLETED';
    if (result === 'INSTRUMENT_DECLINED') return null;
    const unit = order.purchase_units[0] as PaypalFakePurchaseUnit;
    const id = paypalId();
    const capture: PaypalFakeCapture = {
      id,
      status: result,
      amount: { ...unit.amount },
      final_capture: true,
      ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
      create_time: now(),
      update_time: now(),
      supplementary_data: { related_ids: { order_id: order.id } },
      links: [{ href: `${apiBase}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' }],
    };
    if (result === 'PENDING') capture.status_details = { reason: 'PENDING_REVIEW' };
    unit.payments = { captures: [capture] };
    order.status = 'COMPLETED';
    order.update_time = now();
    queueEvent(`PAYMENT.CAPTURE.${result}`, capture);
    return capture;
  }

  function captureOrder(id: string, requestId: string | undefined, res: ServerResponse) {
    const found = live(id);
    if (!found) return notFound(res);
    const replayKey = requestId && `capture:${requestId}`;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return json(res, 200, replay); // PayPal answers a repeated request id with the first answer
    const { order } = found;
    if (order.status === 'COMPLETED') {
      return unprocessable(res, 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    }
    if (order.status !== 'APPROVED') {
      return unprocessable(res, 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    }
    if (!doCapture(order)) {
      return unprocessable(res, 'INSTRUMENT_DECLINED', 'The instrument presented was either declined.');
    }
    if (replayKey) replays.set(replayKey, structuredClone(order));
    json(res, 201, order);
  }

  function findCapture(captureId: string): PaypalFakeCapture | undefined {
    for (const { order } of orders.values()) {
      const found = order.purchase_units[0]?.payments?.captures.find((c) => c.id === captureId);
      if (found) return found;
    }
    return undefined;
  }

  /** Gives back part or all of a completed capture, in its own currency, never more than is left. */
  function refundCapture(captureId: string, body: Record<string, unknown>, requestId: string | undefined, res: ServerResponse) {
    const capture = findCapture(captureId);
    if (!capture) return notFound(res);
    const replayKey = requestId && `refund:${requestId}`;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return json(res, 200, replay);
    if (capture.status === 'REFUNDED') return unprocessable(res, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return unprocessable(res, 'REFUND_NOT_ALLOWED', 'Capture cannot be refunded.');
    }
    const asked = (body.amount as PaypalMoney | undefined) ?? capture.amount;
    if (asked.currency_code !== capture.amount.currency_code) {
      return unprocessable(res, 'REFUND_CAPTURE_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture');
    }
    const cents = (value: string) => Math.round(Number(value) * 100);
    const before = [...refunds.values()].filter((r) => r.captureId === captureId).reduce((sum, r) => sum + cents(r.refund.amount.value), 0);
    const left = cents(capture.amount.value) - before;
    if (!/^\d+(\.\d{2})?$/.test(asked.value) || cents(asked.value) <= 0) {
      return unprocessable(res, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
    }
    if (cents(asked.value) > left) {
      const description = 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.';
      return unprocessable(res, 'REFUND_AMOUNT_EXCEEDED', description);
    }
    const id = paypalId();
    const refund: PaypalFakeRefund = {
      id,
      status: 'COMPLETED',
      amount: { ...asked },
      seller_payable_breakdown: { gross_amount: { ...asked }, net_amount: { ...asked } },
      create_time: now(),
      update_time: now(),
      links: [
        { href: `${apiBase}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${apiBase}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
    refunds.set(id, { captureId, request: { body, requestId }, refund });
    capture.status = cents(asked.value) === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = now();
    if (replayKey) replays.set(replayKey, structuredClone(refund));
    json(res, 201, refund);
  }

  function verifyWebhook(body: Record<string, unknown>, res: ServerResponse) {
    const transmissionId = String(body.transmission_id ?? '');
    const signedJson = signedTransmissions.get(transmissionId);
    const eventJson = JSON.stringify(body.webhook_event ?? null);
    const time = String(body.transmission_time);
    const expectedSig = signedJson && transmissionSignature(transmissionId, time, String(body.webhook_id), eventJson);
    const valid =
      signedJson !== undefined &&
      signedJson === eventJson &&
      body.webhook_id === webhookId &&
      body.auth_algo === 'SHA256withRSA' &&
      body.cert_url === `${apiBase}/v1/notifications/certs/CERT-fake` &&
      body.transmission_sig === expectedSig;
    json(res, 200, { verification_status: valid ? 'SUCCESS' : 'FAILURE' });
  }

  function approveOrder(id: string, result: PaypalCaptureResult) {
    const order = known(id);
    if (lapsed(order)) throw new Error(`PayPal fake: order ${id} is past its approval window`);
    order.status = 'APPROVED';
    order.update_time = now();
    approvedAt.set(id, clock.now().getTime());
    captureResults.set(id, result);
    queueEvent('CHECKOUT.ORDER.APPROVED', order);
  }

  function buildWebhookEvent(type: string, resource: object): Record<string, unknown> {
    const id = `WH-${paypalId()}-${paypalId()}`;
    return {
      id,
      event_version: '1.0',
      create_time: now(),
      resource_type: type.startsWith('CHECKOUT.ORDER.') ? 'checkout-order' : type.split('.')[1]?.toLowerCase(),
      resource_version: '2.0',
      event_type: type,
      summary: `${type} (fake)`,
      resource: structuredClone(resource),
      links: [{ href: `${apiBase}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
    };
  }

  function sign(event: object): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = now();
    // The fake compares the event JSON the verification call sends back with this one.
    signedTransmissions.set(transmissionId, body);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${apiBase}/v1/notifications/certs/CERT-fake`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': transmissionSignature(transmissionId, time, webhookId, body),
        'paypal-transmission-time': time,
      },
    };
  }

  /** Only the subscribed types are sent at all. */
  function queueEvent(type: string, resource: object) {
    if (enabledEvents.has(type)) pendingWebhooks.push({ type, ...sign(buildWebhookEvent(type, resource)) });
  }

  /** The 'approve' link, for a browser test: the buyer approves straight away and goes back to the shop. */
  function approvalPage(url: URL, res: ServerResponse) {
    const id = url.searchParams.get('token') ?? '';
    const found = live(id);
    const context = (found?.request.body as { application_context?: { return_url?: string } } | undefined)?.application_context;
    if (!found || !context?.return_url) return notFound(res);
    if (found.order.status === 'CREATED') approveOrder(id, 'COMPLETED');
    const back = new URL(context.return_url);
    back.searchParams.set('token', id);
    back.searchParams.set('PayerID', 'FAKEPAYER0001');
    res.writeHead(302, { Location: back.toString() }).end();
  }

  function route(req: IncomingMessage, path: string, raw: string, res: ServerResponse) {
    if (isDown) {
      const debugId = randomBytes(7).toString('hex');
      return json(res, 503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.', debug_id: debugId });
    }
    if (req.method === 'POST' && path === '/v1/oauth2/token') return token(req, new URLSearchParams(raw), res);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return json(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    let body: Record<string, unknown>;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      const details = [{ issue: 'MALFORMED_REQUEST_JSON' }];
      return json(res, 400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed.', details });
    }
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const replay = requestId ? replays.get(`create:${requestId}`) : undefined;
      if (replay) return json(res, 200, replay);
      const answer = createOrder(body, requestId, res);
      if (answer && requestId) replays.set(`create:${requestId}`, answer);
      return;
    }
    if (req.method === 'GET' && orderPath?.[1] && !orderPath[2]) {
      const found = live(orderPath[1]);
      if (!found) return notFound(res);
      return json(res, 200, found.order);
    }
    if (req.method === 'POST' && orderPath?.[1] && orderPath[2]) return captureOrder(orderPath[1], requestId, res);
    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refundPath?.[1]) return refundCapture(decodeURIComponent(refundPath[1]), body, requestId, res);
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return verifyWebhook(body, res);
    if (req.method === 'GET' && path === '/v1/notifications/webhooks') return json(res, 200, { webhooks });
    apiError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_URI', `No route for ${req.method} ${path}`);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.paypal');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        const isForm = url.pathname === '/v1/oauth2/token';
        body = isForm ? Object.fromEntries(new URLSearchParams(raw)) : raw && JSON.parse(raw);
      } catch {
        // kept as text; route() answers the malformed JSON
      }
      requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
      if (req.method === 'GET' && url.pathname === '/checkoutnow') return approvalPage(url, res);
      if (captureGate && req.method === 'POST' && /^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(url.pathname)) {
        waitingCaptures += 1;
        void captureGate.then(() => {
          waitingCaptures -= 1;
          route(req, url.pathname, raw, res);
        });
        return;
      }
      route(req, url.pathname, raw, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function known(id: string): PaypalFakeOrderJson {
    const found = orders.get(id);
    if (!found) throw new Error(`PayPal fake: no order ${id}`);
    return found.order;
  }

  return {
    apiBase,
    clientId,
    clientSecret,
    webhookId,
    orders,
    refunds,
    requests,
    webhooks,
    registerWebhook(webhookUrl, eventTypes) {
      const webhook: PaypalFakeWebhook = {
        id: webhookId,
        url: webhookUrl,
        event_types: eventTypes.map((name) => ({ name, description: name === '*' ? 'ALL' : name, status: 'ENABLED' as const })),
        links: [
          { href: `${apiBase}/v1/notifications/webhooks/${webhookId}`, rel: 'self', method: 'GET' },
          { href: `${apiBase}/v1/notifications/webhooks/${webhookId}`, rel: 'update', method: 'PATCH' },
          { href: `${apiBase}/v1/notifications/webhooks/${webhookId}`, rel: 'delete', method: 'DELETE' },
        ],
      };
      webhooks.push(webhook);
      return webhook;
    },
    get tokensIssued() {
      return tokensIssued;
    },
    approve(id, result = 'COMPLETED') {
      approveOrder(id, result);
    },
    capture(id) {
      const order = known(id);
      if (order.status !== 'APPROVED') throw new Error(`PayPal fake: order ${id} is ${order.status}, not APPROVED`);
      const capture = doCapture(order);
      if (!capture) throw new Error(`PayPal fake: order ${id} was set to INSTRUMENT_DECLINED`);
      return capture;
    },
    revokeTokens() {
      tokens.clear();
    },
    down(on) {
      isDown = on;
    },
    slowCaptures() {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, PAYPAL_SLOW_CAPTURE_MS);
        timer.unref();
        release = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      captureGate = gate;
      void gate.then(() => {
        if (captureGate === gate) captureGate = null;
      });
      return {
        release,
        get waiting() {
          return waitingCaptures;
        },
      };
    },
    webhookEvent: buildWebhookEvent,
    signedWebhook: sign,
    settleCapture(captureId) {
      const capture = findCapture(captureId);
      if (capture?.status !== 'PENDING') throw new Error(`PayPal fake: no PENDING capture ${captureId}`);
      capture.status = 'COMPLETED';
      delete capture.status_details;
      capture.update_time = now();
      queueEvent('PAYMENT.CAPTURE.COMPLETED', capture);
      return capture;
    },
    enableEvents(types) {
      enabledEvents.clear();
      for (const type of types) enabledEvents.add(type);
    },
    pendingWebhooks,
    async deliverWebhooks(send, attempts = 3) {
      const delivered: PaypalDelivery[] = [];
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
