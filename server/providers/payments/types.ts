import type { IncomingHttpHeaders } from 'node:http';

// One interface for every payment provider (DESIGN.md §1). The checkout service creates payments
// through it, the webhook route hands it raw requests, and everything after that (idempotency,
// amount checks, the order's status) is provider-neutral in server/modules/payments/.

export type PaymentProvider = 'stripe' | 'paypal' | 'mollie';

export interface PaymentRequest {
  orderId: number;
  orderUuid: string;
  amountCents: number;
  currency: string; // ISO 4217, upper case
  /** Shown on the provider's page, e.g. "HubHost order #42". */
  description: string;
  customerEmail: string;
  /** Where the provider sends the customer back. */
  successUrl: string;
  cancelUrl: string;
  /** Where the provider posts its notifications (Mollie takes it per payment). */
  webhookUrl: string;
  /**
   * The provider's idempotency key for the create call (PayPal-Request-Id); the order's uuid when
   * absent, so a retried call answers the same payment. A fresh payment for the same order (its
   * approval link lapsed) needs a new one: PayPal would otherwise replay the dead order for 6 h.
   */
  requestKey?: string;
  /** The customer's page language (the sandbox page uses it). */
  language: string;
  /**
   * How long the order still holds its stock (its reservation). A provider that can end its page
   * then does (Stripe: `expires_at`, within its 30 min to 24 h bounds); a payment made later is refunded.
   */
  payableForSeconds?: number;
}

export interface CreatedPayment {
  /** Checkout session id, PayPal order id, Mollie payment id, or sandbox checkout id. */
  providerRef: string;
  /** Where to send the customer to pay. */
  redirectUrl: string;
}

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

/**
 * What closing a checkout found. `closed`: nothing can be paid on it any more (expired or cancelled
 * now or before, or unknown to the provider). `paid`: it was paid before it could be closed, the
 * caller fetches that payment. `open`: the provider cannot close it (a Mollie method that is not
 * cancellable); it lapses on its own, and a payment still made on it is refunded when it arrives.
 */
export type CloseOutcome = 'closed' | 'paid' | 'open';

export interface RefundRequest {
  /** The money movement as the payment record keeps it: Stripe session, Mollie payment, PayPal capture, sandbox checkout. */
  paymentRef: string;
  amountCents: number;
  currency: string; // ISO 4217, upper case: must be the payment's own
  /** The same for every attempt of one refund: a retried call never refunds twice. */
  idempotencyKey: string;
}

export interface RefundResult {
  /** The provider's refund id (re_…, PayPal refund id, sandbox refund uuid). */
  refundId: string;
  /** `pending`: accepted, the provider still moves the money (Mollie queues refunds, PayPal may hold them). */
  status: 'succeeded' | 'pending';
}

/**
 * A verified provider notification, normalised. `ignored` events (types we do not act on) are
 * still acknowledged with 200 so the provider stops resending them.
 */
export interface PaymentEvent {
  provider: PaymentProvider;
  /** Unique per notification at the provider (Stripe evt_…, PayPal WH-…, Mollie `tr_…:status`). */
  eventId: string;
  eventType: string;
  /**
   * `authorized`: the buyer approved (PayPal APPROVED) or the money is held (Mollie `authorized`):
   * nothing is taken until the shop captures it, or releases it when the order no longer takes money.
   */
  outcome: PaymentOutcome | 'authorized' | 'ignored';
  /**
   * The provider took the payment but has not settled it yet (a Stripe delayed method completed
   * `unpaid`, a PayPal capture `PENDING`, a Mollie payment `pending`): staff see it in Billing.
   */
  settling?: boolean;
  /** Id of the money movement (session, capture, payment): a second event for it adds no payment. */
  providerPaymentId: string;
  /** The checkout the money was paid on, when that is not the money movement itself (PayPal: the capture's order). */
  checkoutRef?: string;
  /** Our order id, read from the provider's metadata / custom id; null when absent. */
  orderId: number | null;
  amountCents: number;
  currency: string;
  /** What we keep for the record (never card data). */
  payload: Record<string, unknown>;
  /** When the provider says the event happened (epoch ms), when its notification carries it: the webhook lag metric. */
  occurredAtMs?: number;
}

export interface WebhookRequest {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
}

export interface PaymentAdapter {
  readonly provider: PaymentProvider;
  /**
   * 'sandbox' when the provider's keys are absent: the local payment page stands in for it.
   * 'disabled' in production without keys (unless PAYMENTS_SANDBOX=1): nobody pays for free.
   */
  readonly mode: 'live' | 'sandbox' | 'disabled';
  /** Throws PaymentProviderError when the provider cannot be reached or refuses. */
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /**
   * Verifies a notification (signature, verification call, or fetching the payment back from the
   * provider) and normalises it. Throws WebhookVerificationError when it cannot be trusted.
   */
  parseWebhook(request: WebhookRequest): Promise<PaymentEvent>;
  /** The provider's current view of a payment (used on return pages and to reconcile). */
  fetchPayment(providerRef: string): Promise<PaymentEvent | null>;
  /**
   * Takes the money of an `authorized` payment (PayPal: captures the approved order; Mollie: captures
   * the hold). Idempotent at the provider: a repeated call reports the first capture.
   */
  capture?(providerRef: string): Promise<PaymentEvent>;
  /**
   * Closes a checkout that must no longer take money (its order was paid another way, or cancelled):
   * expires the Stripe session, cancels the Mollie payment (which also releases an `authorized`
   * hold), closes the sandbox page. PayPal has no void for an
   * uncaptured CAPTURE order: money only moves when we capture, which we then refuse.
   */
  closePayment(providerRef: string): Promise<CloseOutcome>;
  /** Gives money back through the provider; a refused or failed refund throws PaymentProviderError. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Asks the provider what it can tell about the notifications it will send to `webhookUrl` (the
   * endpoint, its events) and answers what is missing; throws PaymentProviderError when it cannot be asked.
   */
  checkSetup?(webhookUrl: string): Promise<SetupFinding[]>;
}

/**
 * One thing missing in a provider's set-up, as a code the operator can act on: `no_webhook` (no
 * endpoint at the shop's URL), `webhook_url` (the configured one points elsewhere), `event` (an
 * event type not enabled; `detail` names it), `local_webhook_url` (PUBLIC_URL cannot be reached
 * by the provider), `api_key` (refused). Never a secret.
 */
export interface SetupFinding {
  code: 'no_webhook' | 'webhook_url' | 'event' | 'local_webhook_url' | 'api_key';
  detail?: string;
}

/** The provider is down or refused the call: the order stays unpaid and the customer can retry. */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: PaymentProvider,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** A notification that cannot be trusted: answered 400, nothing changes. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly provider: PaymentProvider,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}
