import { centsToDecimal, decimalToCents } from './money';
import type { CloseOutcome, PaymentAdapter, PaymentEvent, RefundResult, SetupFinding } from './types';
import { PaymentProviderError, WebhookVerificationError } from './types';
import { providerLocale } from './provider-locale';

// PayPal Orders v2 over plain fetch (PayPal has no maintained Node SDK for it). The customer approves
// the order on PayPal; we capture it (on return, or from the APPROVED webhook); the capture is the
// money movement. Notifications are verified by asking PayPal itself (verify-webhook-signature).

export interface PaypalAdapterConfig {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered in the PayPal app: verification calls must name it. */
  webhookId: string;
  /** Another API host (the sandbox, or a local fake in tests); PayPal's live API when unset. */
  apiBase?: string;
}

const DEFAULT_API_BASE = 'https://api-m.paypal.com';
const TIMEOUT_MS = 10_000;
/** A cached token is renewed this long before PayPal's expiry, so no call goes out with a dying one. */
const TOKEN_RENEW_MARGIN_S = 60;
/** PayPal order ids are short upper-case alphanumerics: anything else never reaches a request path. */
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;
const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

interface Money {
  currency_code?: string;
  value?: string;
}
interface Capture {
  id: string;
  status?: string;
  amount?: Money;
  custom_id?: string;
}
interface PurchaseUnit {
  custom_id?: string;
  amount?: Money;
  payments?: { captures?: Capture[] };
}
interface Order {
  id: string;
  status?: string;
  purchase_units?: PurchaseUnit[];
  links?: { href: string; rel: string }[];
}
interface WebhookEvent {
  id: string;
  event_type: string;
  create_time?: string;
  resource_type?: string;
  resource?: Record<string, unknown> & {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: Money;
    purchase_units?: PurchaseUnit[];
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
}
/** The events the shop acts on: the webhook PAYPAL_WEBHOOK_ID names must subscribe to each (README). */
export const PAYPAL_WEBHOOK_EVENTS = [
  'CHECKOUT.ORDER.APPROVED',
  'CHECKOUT.ORDER.VOIDED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
] as const;

/** A webhook of the app, as `GET /v1/notifications/webhooks` lists it. */
interface PaypalWebhook {
  id?: string;
  url?: string;
  event_types?: { name?: string }[];
}

/**
 * What the app's webhook with our id lacks: notifications are verified against PAYPAL_WEBHOOK_ID,
 * so that webhook must exist, point at the shop, and subscribe to each event (`*` is all of them).
 */
export function missingPaypalSetup(webhooks: PaypalWebhook[], webhookId: string, webhookUrl: string): SetupFinding[] {
  const ours = webhooks.find((w) => w.id === webhookId);
  if (!ours) return [{ code: 'no_webhook' }];
  const findings: SetupFinding[] = ours.url === webhookUrl ? [] : [{ code: 'webhook_url' }];
  const names = new Set((ours.event_types ?? []).map((t) => t.name));
  if (names.has('*')) return findings;
  return [
    ...findings,
    ...PAYPAL_WEBHOOK_EVENTS.filter((name) => !names.has(name)).map((name) => ({ code: 'event' as const, detail: name })),
  ];
}

interface PaypalResponse {
  status: number;
  body: unknown;
}
interface Refund {
  id?: string;
  status?: string;
}

/** Our order id from a custom_id; null when it is not a plain id. */
function orderIdOf(customId: unknown): number | null {
  const id = Number(customId);
  return typeof customId === 'string' && customId !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Cents of a PayPal amount; 0 when absent or malformed (the payment service then refuses the amount). */
function centsOf(money: Money | undefined): number {
  try {
    return money?.value ? decimalToCents(money.value) : 0;
  } catch {
    return 0;
  }
}

/** The first `details[].issue` of a PayPal error body (ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED, …). */
function issueOf(body: unknown): string | undefined {
  const details = (body as { details?: { issue?: string }[] } | null)?.details;
  return Array.isArray(details) ? details[0]?.issue : undefined;
}

/** PayPal's error name and issue only: its messages never matter to us, and may echo request data. */
function unexpected(action: string, response: PaypalResponse): PaymentProviderError {
  const body = response.body as { name?: string; error?: string } | null;
  const detail = [body?.name ?? body?.error, issueOf(body)].filter(Boolean).join(' ');
  const suffix = detail ? ` (${detail})` : '';
  return new PaymentProviderError('paypal', `${action}: PayPal answered ${response.status}${suffix}`);
}

function captureOutcome(status: string | undefined): PaymentEvent['outcome'] {
  if (status === 'COMPLETED') return 'paid';
  if (status === 'DECLINED' || status === 'FAILED') return 'failed';
  return 'ignored'; // PENDING (e-check, review): PAYMENT.CAPTURE.COMPLETED follows when it clears
}

/**
 * Orders v2 has no void for a CAPTURE-intent order: money moves only when we capture it, and the
 * shop refuses to capture for an order that is no longer payable. So an order not captured is
 * closed on our side (PayPal lets it lapse, about 3 h); only a COMPLETED one took money.
 */
function closeOutcomeOf(order: Order | null): CloseOutcome {
  return order?.status === 'COMPLETED' ? 'paid' : 'closed';
}

/** PayPal's refund states: CANCELLED and FAILED gave nothing back; PENDING is on its way (e.g. an eCheck). */
function refundStatus(refund: Refund): RefundResult['status'] {
  if (refund.status === 'COMPLETED') return 'succeeded';
  if (refund.status === 'PENDING') return 'pending';
  throw new PaymentProviderError('paypal', `PayPal refund ${refund.id ?? '(no id)'} is ${refund.status ?? 'without a status'}`);
}

/** The event for an order's capture, as the capture call or a GET of the order returns it. */
function captureEvent(order: Order): PaymentEvent {
  const unit = order.purchase_units?.find((u) => u.payments?.captures?.length);
  const capture = unit?.payments?.captures?.at(-1);
  if (!unit || !capture) {
    throw new PaymentProviderError('paypal', `PayPal order ${order.id} is ${order.status} but has no capture`);
  }
  const amount = capture.amount ?? unit.amount;
  return {
    provider: 'paypal',
    // A capture still pending gets its own id: the COMPLETED one must not read as its duplicate.
    eventId: capture.status === 'COMPLETED' ? `capture:${capture.id}` : `capture:${capture.id}:${capture.status}`,
    eventType: 'CHECKOUT.ORDER.CAPTURED',
    outcome: captureOutcome(capture.status),
    ...(capture.status === 'PENDING' && { settling: true }),
    providerPaymentId: capture.id,
    checkoutRef: order.id,
    orderId: orderIdOf(capture.custom_id ?? unit.custom_id),
    amountCents: centsOf(amount),
    currency: (amount?.currency_code ?? '').toUpperCase(),
    payload: {
      paypalOrderId: order.id,
      orderStatus: order.status,
      captureId: capture.id,
      captureStatus: capture.status,
    },
  };
}

/** An order with no capture to report (created, approved, voided, or its funding source declined). */
function orderEvent(order: Order, eventId: string, eventType: string, outcome: PaymentEvent['outcome']): PaymentEvent {
  const unit = order.purchase_units?.[0];
  return {
    provider: 'paypal',
    eventId,
    eventType,
    outcome,
    providerPaymentId: order.id,
    orderId: orderIdOf(unit?.custom_id),
    amountCents: centsOf(unit?.amount),
    currency: (unit?.amount?.currency_code ?? '').toUpperCase(),
    payload: { paypalOrderId: order.id, orderStatus: order.status },
  };
}

/** A verified webhook, normalised. Capture events carry the capture; order events the order. */
function webhookEvent(event: WebhookEvent): PaymentEvent {
  const resource = event.resource ?? {};
  const unit = resource.purchase_units?.[0];
  const amount = resource.amount ?? unit?.amount;
  const relatedOrder = resource.supplementary_data?.related_ids?.order_id; // a capture's PayPal order
  const outcomes: Record<string, PaymentEvent['outcome']> = {
    'PAYMENT.CAPTURE.COMPLETED': 'paid',
    'PAYMENT.CAPTURE.DENIED': 'failed',
    'PAYMENT.CAPTURE.DECLINED': 'failed',
    'CHECKOUT.ORDER.VOIDED': 'cancelled',
    // Approved is not paid yet: the receiver captures it, and the capture is what counts.
    'CHECKOUT.ORDER.APPROVED': 'authorized',
  };
  return {
    provider: 'paypal',
    eventId: event.id,
    eventType: event.event_type,
    outcome: outcomes[event.event_type] ?? 'ignored',
    providerPaymentId: resource.id ?? '',
    ...(relatedOrder ? { checkoutRef: relatedOrder } : {}),
    orderId: orderIdOf(resource.custom_id ?? unit?.custom_id),
    amountCents: centsOf(amount),
    currency: (amount?.currency_code ?? '').toUpperCase(),
    // Ids and states only: order resources also carry the payer's name and e-mail.
    payload: {
      event_type: event.event_type,
      resource_type: event.resource_type ?? null,
      resource_id: resource.id ?? null,
      status: resource.status ?? null,
      paypal_order_id: relatedOrder ?? null,
    },
    ...occurredAt(event.create_time),
  };
}

/** The event's own time, when PayPal sent a readable one. */
function occurredAt(createTime: string | undefined): { occurredAtMs?: number } {
  const ms = createTime ? Date.parse(createTime) : Number.NaN;
  return Number.isFinite(ms) ? { occurredAtMs: ms } : {};
}

export function createPaypalAdapter(config: PaypalAdapterConfig): PaymentAdapter {
  const apiBase = (config.apiBase ?? DEFAULT_API_BASE).replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  /** One HTTP call with the 10 s limit. Unreachable, timed out, 429 or 5xx: PaymentProviderError. */
  async function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<PaypalResponse> {
    const call = `${method} ${path}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${apiBase}${path}`, {
        method,
        headers: { Accept: 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      const reason = timedOut ? `did not answer within ${TIMEOUT_MS / 1000} s` : 'could not be reached';
      throw new PaymentProviderError('paypal', `PayPal ${reason} (${call})`, err);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null; // an HTML error page from a proxy: the status says enough
    }
    const response = { status, body: parsed };
    if (status >= 500 || status === 429) throw unexpected(call, response);
    return response;
  }

  async function requestToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const headers = { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' };
    const response = await send('POST', '/v1/oauth2/token', headers, 'grant_type=client_credentials');
    const body = response.body as { access_token?: string; expires_in?: number } | null;
    if (response.status === 401) throw new PaymentProviderError('paypal', 'PayPal refused the client id and secret');
    if (response.status !== 200 || typeof body?.access_token !== 'string') {
      throw unexpected('PayPal access token', response);
    }
    const lifetime = Number(body.expires_in) || 0;
    const usable = lifetime > 2 * TOKEN_RENEW_MARGIN_S ? lifetime - TOKEN_RENEW_MARGIN_S : lifetime / 2;
    token = { value: body.access_token, renewAt: performance.now() + usable * 1000 };
    return token.value;
  }

  /** The cached token, or one fresh one shared by every caller waiting for it. */
  function accessToken(): Promise<string> {
    if (token && performance.now() < token.renewAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = undefined;
    });
    return tokenRequest;
  }

  /** An authenticated JSON call; a token PayPal no longer accepts is replaced once. */
  async function api(method: string, path: string, options: { body?: string; requestId?: string } = {}): Promise<PaypalResponse> {
    for (let attempt = 1; ; attempt += 1) {
      const bearer = await accessToken();
      const headers: Record<string, string> = { Authorization: `Bearer ${bearer}`, Prefer: 'return=representation' };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (options.requestId) headers['PayPal-Request-Id'] = options.requestId;
      const response = await send(method, path, headers, options.body);
      if (response.status !== 401) return response;
      if (token?.value === bearer) token = undefined;
      if (attempt === 2) {
        throw new PaymentProviderError('paypal', `PayPal refused its own access token (${method} ${path})`);
      }
    }
  }

  async function getOrder(paypalOrderId: string): Promise<Order | null> {
    const response = await api('GET', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`);
    if (response.status === 404) return null;
    if (response.status !== 200) throw unexpected(`PayPal order ${paypalOrderId} not read`, response);
    return response.body as Order;
  }

  return {
    provider: 'paypal',
    mode: 'live',

    async createPayment(request) {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.orderUuid,
            custom_id: String(request.orderId),
            description: request.description.slice(0, 127), // PayPal's limit
            amount: { currency_code: request.currency.toUpperCase(), value: centsToDecimal(request.amountCents) },
          },
        ],
        application_context: {
          return_url: request.successUrl,
          cancel_url: request.cancelUrl,
          user_action: 'PAY_NOW',
          shipping_preference: 'NO_SHIPPING',
          locale: providerLocale(request.language, 'paypal'),
        },
      };
      // The order's uuid as request id: a retried call returns the same PayPal order, not a second one.
      const response = await api('POST', '/v2/checkout/orders', {
        body: JSON.stringify(body),
        requestId: request.requestKey ?? request.orderUuid,
      });
      if (response.status !== 200 && response.status !== 201) throw unexpected('PayPal order not created', response);
      const order = response.body as Order;
      const link = order.links?.find((l) => l.rel === 'approve') ?? order.links?.find((l) => l.rel === 'payer-action');
      if (!order.id || !link) throw new PaymentProviderError('paypal', 'PayPal order created without an approval link');
      return { providerRef: order.id, redirectUrl: link.href };
    },

    async capture(paypalOrderId) {
      if (!ORDER_ID.test(paypalOrderId)) throw new PaymentProviderError('paypal', 'Not a PayPal order id');
      const path = `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}/capture`;
      // Same request id for every attempt: PayPal answers a repeat with the first capture.
      const response = await api('POST', path, { body: '{}', requestId: `capture-${paypalOrderId}` });
      if (response.status === 200 || response.status === 201) return captureEvent(response.body as Order);

      const issue = response.status === 422 ? issueOf(response.body) : undefined;
      if (issue === 'ORDER_ALREADY_CAPTURED' || issue === 'INSTRUMENT_DECLINED') {
        const order = await getOrder(paypalOrderId);
        if (!order) throw unexpected(`PayPal order ${paypalOrderId} not captured`, response);
        // Captured by an earlier call (return page vs webhook): report that capture, never a second one.
        if (issue === 'ORDER_ALREADY_CAPTURED') return captureEvent(order);
        return orderEvent(order, `capture-declined:${order.id}`, 'CHECKOUT.ORDER.CAPTURE_DECLINED', 'failed');
      }
      throw unexpected(`PayPal order ${paypalOrderId} not captured`, response);
    },

    async parseWebhook({ rawBody, headers }) {
      const transmission: Record<string, string> = {};
      for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
        const value = headers[header];
        if (typeof value !== 'string' || value === '') {
          throw new WebhookVerificationError('paypal', `missing ${header} header`);
        }
        transmission[field] = value;
      }
      const text = rawBody.toString('utf8');
      let event: WebhookEvent;
      try {
        event = JSON.parse(text) as WebhookEvent;
      } catch {
        throw new WebhookVerificationError('paypal', 'body is not JSON');
      }
      if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') {
        throw new WebhookVerificationError('paypal', 'body is not a PayPal webhook event');
      }
      // The event goes back byte for byte as received: re-serialising it could change what was signed.
      const fields = JSON.stringify({ ...transmission, webhook_id: config.webhookId });
      const body = `${fields.slice(0, -1)},"webhook_event":${text}}`;
      const response = await api('POST', '/v1/notifications/verify-webhook-signature', { body });
      const status = (response.body as { verification_status?: string } | null)?.verification_status;
      if (response.status !== 200 || status !== 'SUCCESS') {
        const answer = status ?? response.status;
        throw new WebhookVerificationError('paypal', `PayPal did not verify the notification (${answer})`);
      }
      return webhookEvent(event);
    },

    async fetchPayment(paypalOrderId) {
      if (!ORDER_ID.test(paypalOrderId)) return null;
      const order = await getOrder(paypalOrderId);
      if (!order) return null;
      if (order.status === 'COMPLETED') return captureEvent(order);
      // APPROVED: the buyer said yes but no money moved; the caller captures it while the order takes money.
      const outcome = order.status === 'VOIDED' ? 'cancelled' : order.status === 'APPROVED' ? 'authorized' : 'ignored';
      return orderEvent(order, `${order.id}:${order.status}`, `CHECKOUT.ORDER.${order.status}`, outcome);
    },

    async closePayment(paypalOrderId) {
      if (!ORDER_ID.test(paypalOrderId)) return 'closed';
      return closeOutcomeOf(await getOrder(paypalOrderId));
    },

    async refund({ paymentRef, amountCents, currency, idempotencyKey }) {
      if (!ORDER_ID.test(paymentRef)) throw new PaymentProviderError('paypal', 'Not a PayPal capture id');
      const path = `/v2/payments/captures/${encodeURIComponent(paymentRef)}/refund`;
      const body = JSON.stringify({ amount: { currency_code: currency.toUpperCase(), value: centsToDecimal(amountCents) } });
      // One request id per refund: PayPal answers a retried call with the first refund.
      const response = await api('POST', path, { body, requestId: idempotencyKey });
      if (response.status !== 200 && response.status !== 201) throw unexpected(`PayPal capture ${paymentRef} not refunded`, response);
      const refund = response.body as Refund;
      if (typeof refund?.id !== 'string') throw new PaymentProviderError('paypal', `PayPal refund of ${paymentRef} has no id`);
      return { refundId: refund.id, status: refundStatus(refund) };
    },

    async checkSetup(webhookUrl) {
      const response = await api('GET', '/v1/notifications/webhooks');
      if (response.status !== 200) throw unexpected('PayPal webhooks not listed', response);
      const webhooks = (response.body as { webhooks?: PaypalWebhook[] } | null)?.webhooks ?? [];
      return missingPaypalSetup(webhooks, config.webhookId, webhookUrl);
    },
  };
}
