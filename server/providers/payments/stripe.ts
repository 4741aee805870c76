import Stripe from 'stripe';
import type { CloseOutcome, PaymentAdapter, PaymentEvent, RefundResult, SetupFinding } from './types';
import { PaymentProviderError, WebhookVerificationError } from './types';
import { providerLocale } from './provider-locale';

// Stripe Checkout: the customer pays on a session page at Stripe; the session's events (signed with
// the endpoint's whsec_ secret) tell us how it ended. The session id is the money movement's id.

export interface StripeAdapterConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (a local fake in tests); Stripe's own when unset. */
  apiBase?: string;
}

type Session = Stripe.Checkout.Session;

/** The events the shop acts on: the webhook endpoint must send each (README, "Webhooks to set up"). */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/** Where the SDK sends its calls, from a base URL like http://127.0.0.1:4010. */
export function hostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Checkout session ids: `cs_` and letters/digits. Anything else never reaches a request path. */
const SESSION_ID = /^cs_\w+$/;
const PAYMENT_INTENT_ID = /^pi_\w+$/;

/** A payment Stripe holds, as a refund needs it. */
interface PaidAtStripe {
  paymentIntent: string;
  currency: string;
  metadata: Record<string, string>;
}

/** Our order id from the session's metadata, or the client reference id; null when neither is a plain id. */
function orderIdOf(session: Pick<Session, 'metadata' | 'client_reference_id'>): number | null {
  const raw = session.metadata?.orderId ?? session.client_reference_id;
  const id = Number(raw);
  return raw && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A completed session still `unpaid` whose delayed method (SEPA debit, bank redirect) failed: the
 * session keeps reading complete and unpaid for ever, only its payment intent (read expanded) went
 * back to `requires_payment_method` (or was cancelled). Nothing more will be paid on it.
 */
function delayedPaymentFailed(session: Session): boolean {
  const intent = session.payment_intent;
  if (session.status !== 'complete' || session.payment_status !== 'unpaid' || !intent || typeof intent === 'string') return false;
  return intent.status === 'requires_payment_method' || intent.status === 'canceled';
}

/**
 * What a session's state means for the order. A completed session still `unpaid` is an async
 * method (SEPA debit, bank redirect) in progress: its own succeeded/failed event settles it, and
 * its payment intent tells the sweep when the failed event never came.
 */
function outcomeOfSession(session: Session): PaymentEvent['outcome'] {
  if (session.status === 'expired') return 'cancelled';
  if (session.status === 'complete' && session.payment_status !== 'unpaid') return 'paid';
  if (delayedPaymentFailed(session)) return 'failed';
  return 'ignored';
}

function outcomeOfEvent(type: string, session: Session): PaymentEvent['outcome'] {
  switch (type) {
    case 'checkout.session.completed':
      return session.payment_status === 'unpaid' ? 'ignored' : 'paid';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'cancelled';
    default:
      return 'ignored';
  }
}

function toEvent(session: Session, eventId: string, eventType: string, outcome: PaymentEvent['outcome']): PaymentEvent {
  return {
    provider: 'stripe',
    eventId,
    eventType,
    outcome,
    providerPaymentId: session.id,
    orderId: orderIdOf(session),
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    // Ids and states only: the session also carries the customer's e-mail and address.
    payload: { type: eventType, sessionId: session.id, status: session.status, payment_status: session.payment_status },
    ...(session.status === 'complete' && session.payment_status === 'unpaid' && outcome === 'ignored' && { settling: true }),
  };
}

/**
 * A short reason that names what went wrong without echoing Stripe's message (which may quote
 * request values). The secret key never appears: Stripe's own errors mask it, and we add nothing.
 */
export function providerError(action: string, err: unknown): PaymentProviderError {
  let reason = 'unexpected error';
  if (err instanceof Stripe.errors.StripeConnectionError) reason = 'Stripe could not be reached or did not answer';
  else if (err instanceof Stripe.errors.StripeAuthenticationError) reason = 'Stripe refused the API key';
  else if (err instanceof Stripe.errors.StripePermissionError) reason = 'the API key may not do this';
  else if (err instanceof Stripe.errors.StripeRateLimitError) reason = 'Stripe rate limit reached';
  else if (err instanceof Stripe.errors.StripeError) {
    const detail = [err.type, err.code, err.param].filter(Boolean).join(' ');
    reason = `Stripe answered ${err.statusCode ?? 'an error'} (${detail})`;
  }
  return new PaymentProviderError('stripe', `${action}: ${reason}`, err);
}

const STRIPE_MIN_SESSION_SECONDS = 30 * 60 + 60; // a minute of margin for the request's own time
const STRIPE_MAX_SESSION_SECONDS = 24 * 3600 - 60;

/**
 * Stripe ends a Checkout page between 30 minutes and 24 hours after it opens, counted on Stripe's
 * own (real) clock: the order's remaining reservation, kept within those bounds.
 */
function sessionExpiry(payableForSeconds: number): number {
  const seconds = Math.min(Math.max(Math.ceil(payableForSeconds), STRIPE_MIN_SESSION_SECONDS), STRIPE_MAX_SESSION_SECONDS);
  // eslint-disable-next-line clock/injected-only -- Stripe checks expires_at against its own real clock, not ours.
  return Math.floor(Date.now() / 1000) + seconds;
}

export function createStripeAdapter(config: StripeAdapterConfig): PaymentAdapter {
  const stripe = new Stripe(config.secretKey, {
    ...hostOptions(config.apiBase),
    telemetry: false,
    maxNetworkRetries: 1,
    timeout: 10_000,
  });

  return {
    provider: 'stripe',
    mode: 'live',

    async createPayment(request) {
      const metadata = { orderId: String(request.orderId), orderUuid: request.orderUuid };
      let session: Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'payment',
          client_reference_id: String(request.orderId),
          customer_email: request.customerEmail,
          metadata,
          payment_intent_data: { metadata },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          locale: providerLocale(request.language, 'stripe') as Stripe.Checkout.SessionCreateParams.Locale | undefined,
          ...(request.payableForSeconds === undefined ? {} : { expires_at: sessionExpiry(request.payableForSeconds) }),
        });
      } catch (err) {
        throw providerError('Stripe checkout session not created', err);
      }
      if (!session.url) throw new PaymentProviderError('stripe', `Stripe session ${session.id} has no page URL`);
      return { providerRef: session.id, redirectUrl: session.url };
    },

    async parseWebhook({ rawBody, headers }) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') {
        throw new WebhookVerificationError('stripe', 'missing Stripe-Signature header');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new WebhookVerificationError('stripe', 'invalid Stripe signature');
      }
      if (!event.type.startsWith('checkout.session.')) {
        // Other event types (payment_intent.*, charge.*) are acknowledged and left alone.
        const object = event.data.object as { id?: string; metadata?: Record<string, string> | null };
        return {
          provider: 'stripe',
          eventId: event.id,
          eventType: event.type,
          outcome: 'ignored',
          providerPaymentId: object.id ?? '',
          orderId: orderIdOf({ metadata: object.metadata ?? null, client_reference_id: null }),
          amountCents: 0,
          currency: '',
          payload: { type: event.type, objectId: object.id ?? null },
        };
      }
      const session = event.data.object as Session;
      return { ...toEvent(session, event.id, event.type, outcomeOfEvent(event.type, session)), occurredAtMs: event.created * 1000 };
    },

    async fetchPayment(sessionId) {
      // Not a session id: nothing to ask Stripe (and nothing odd goes into the request path).
      if (!SESSION_ID.test(sessionId)) return null;
      const session = await retrieve(sessionId);
      if (!session) return null;
      const failed = delayedPaymentFailed(session);
      const eventType = failed ? 'checkout.session.async_payment_failed' : `checkout.session.${session.status ?? 'unknown'}`;
      // An expired session is as `unpaid` as an open one (a failed one too): its own id keeps it from reading as a duplicate.
      const state = session.status === 'expired' ? 'expired' : failed ? 'failed' : session.payment_status;
      return toEvent(session, `${session.id}:${state}`, eventType, outcomeOfSession(session));
    },

    async closePayment(sessionId) {
      if (!SESSION_ID.test(sessionId)) return 'closed';
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'closed';
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw providerError('Stripe checkout session not expired', err);
        if (err.statusCode === 404) return 'closed';
      }
      // Stripe expires only open sessions: this one is already complete or expired.
      const session = await retrieve(sessionId);
      return session ? closeOutcomeOf(session) : 'closed';
    },

    async refund({ paymentRef, amountCents, currency, idempotencyKey }) {
      // A checkout's payment is its session (cs_…); an automatic renewal's, its off-session intent (pi_…).
      const paid = PAYMENT_INTENT_ID.test(paymentRef) ? await paidIntent(paymentRef) : await paidSession(paymentRef);
      if (!paid) throw new PaymentProviderError('stripe', `Stripe payment ${paymentRef} has nothing to refund`);
      if (paid.currency.toUpperCase() !== currency.toUpperCase()) {
        throw new PaymentProviderError('stripe', `Stripe payment ${paymentRef} was not paid in ${currency}`);
      }
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: paid.paymentIntent, amount: amountCents, metadata: paid.metadata },
          { idempotencyKey },
        );
      } catch (err) {
        throw providerError(`Stripe refund of ${paymentRef} not made`, err);
      }
      return { refundId: refund.id, status: refundStatus(refund) };
    },

    async checkSetup(webhookUrl) {
      const endpoints: Stripe.WebhookEndpoint[] = [];
      try {
        for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) {
          endpoints.push(endpoint);
          if (endpoints.length >= 1000) break; // far more than an account has; the check stays bounded
        }
      } catch (err) {
        if (err instanceof Stripe.errors.StripeAuthenticationError) return [{ code: 'api_key' }];
        throw providerError('Stripe webhook endpoints not listed', err);
      }
      return missingStripeSetup(endpoints, webhookUrl);
    },
  };

  /** The session with its payment intent expanded (how a delayed method ended), or null when Stripe does not know it. */
  /** What a paid session refunds: its intent, its currency, and the metadata that names the order. */
  async function paidSession(sessionId: string): Promise<PaidAtStripe | null> {
    const session = SESSION_ID.test(sessionId) ? await retrieve(sessionId) : null;
    const paymentIntent = typeof session?.payment_intent === 'string' ? session.payment_intent : session?.payment_intent?.id;
    if (!session || !paymentIntent) return null;
    return { paymentIntent, currency: session.currency ?? '', metadata: { sessionId: session.id, ...(session.metadata ?? {}) } };
  }

  /** The same for an off-session charge that succeeded. */
  async function paidIntent(intentId: string): Promise<PaidAtStripe | null> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(intentId);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
      throw providerError(`Stripe payment intent ${intentId} not read`, err);
    }
    if (intent.status !== 'succeeded') return null;
    return { paymentIntent: intent.id, currency: intent.currency, metadata: { ...intent.metadata } };
  }

  async function retrieve(sessionId: string): Promise<Session | null> {
    try {
      return await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw providerError('Stripe checkout session not retrieved', err);
    }
  }
}

/**
 * What the endpoints enabled at the shop's URL do not send (`*` is every event). Several endpoints
 * at one URL add up, as Stripe delivers each event to each of them; a disabled one sends nothing.
 */
export function missingStripeSetup(
  endpoints: Pick<Stripe.WebhookEndpoint, 'url' | 'status' | 'enabled_events'>[],
  webhookUrl: string,
): SetupFinding[] {
  const ours = endpoints.filter((e) => e.url === webhookUrl && e.status === 'enabled');
  if (!ours.length) return [{ code: 'no_webhook' }];
  const enabled = new Set(ours.flatMap((e) => e.enabled_events));
  if (enabled.has('*')) return [];
  return STRIPE_WEBHOOK_EVENTS.filter((type) => !enabled.has(type)).map((type) => ({ code: 'event', detail: type }));
}

/** A session Stripe would not expire: paid, expired, a delayed payment that failed, or one still settling (it may yet pay). */
function closeOutcomeOf(session: Session): CloseOutcome {
  if (session.status === 'expired' || delayedPaymentFailed(session)) return 'closed';
  if (session.status === 'complete' && session.payment_status !== 'unpaid') return 'paid';
  return 'open';
}

/** Stripe's refund states: `failed` and `canceled` gave nothing back, so they are errors to retry or show. */
function refundStatus(refund: Stripe.Refund): RefundResult['status'] {
  if (refund.status === 'succeeded') return 'succeeded';
  if (refund.status === 'failed' || refund.status === 'canceled') {
    throw new PaymentProviderError('stripe', `Stripe refund ${refund.id} ${refund.status}`);
  }
  return 'pending';
}
