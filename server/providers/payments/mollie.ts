import { createMollieClient, type Locale, type Payment, type Refund } from '@mollie/api-client';
import { centsToDecimal, decimalToCents } from './money';
import type { CloseOutcome, PaymentAdapter, PaymentEvent, RefundResult, SetupFinding } from './types';
import { PaymentProviderError, WebhookVerificationError } from './types';
import { providerLocale } from './provider-locale';

// Mollie: the customer pays on Mollie's page; Mollie then posts `id=tr_…` to the payment's
// webhookUrl. That body is unsigned and says nothing else, so the payment is always fetched back
// from Mollie with our key: a forged id gets Mollie's 404, a real one Mollie's own status.

export interface MollieAdapterConfig {
  apiKey: string;
  /** Another API endpoint (a nock fake in tests); Mollie's own when unset. */
  apiBase?: string;
}

/** Mollie payment ids: `tr_` and letters/digits. Anything else never reaches a request path. */
const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;
/** Mollie refuses a webhookUrl it cannot reach (422): left out, the return page reconciles instead. */
const LOCAL_URL = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i;

const OUTCOMES: Record<string, PaymentEvent['outcome']> = {
  paid: 'paid',
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'cancelled',
  // The money is held until we capture it (or cancel the payment to release it) before `captureBefore`.
  authorized: 'authorized',
  // open, pending: not settled yet, a later notification says how it ends.
};

/** The Mollie client's errors carry the HTTP status when Mollie answered; none when it was unreachable. */
export function statusCodeOf(err: unknown): number | undefined {
  const code = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/** Never Mollie's message (it may quote request data); the status and its title say enough. */
export function providerError(action: string, err: unknown): PaymentProviderError {
  const status = statusCodeOf(err);
  const title = (err as { title?: unknown } | null)?.title;
  const field = (err as { field?: unknown } | null)?.field;
  let reason = 'Mollie could not be reached';
  if (status === 401) reason = 'Mollie refused the API key';
  else if (status !== undefined) reason = `Mollie answered ${status}${typeof title === 'string' ? ` (${title})` : ''}`;
  if (typeof field === 'string') reason += ` on ${field}`;
  return new PaymentProviderError('mollie', `${action}: ${reason}`, err);
}

function orderIdOf(metadata: unknown): number | null {
  const raw = (metadata as { orderId?: unknown } | null)?.orderId;
  const id = Number(raw);
  const plain = (typeof raw === 'string' && raw !== '') || typeof raw === 'number';
  return plain && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function toEvent(payment: Payment, eventId = `${payment.id}:${payment.status}`): PaymentEvent {
  let amountCents = 0;
  try {
    amountCents = decimalToCents(payment.amount.value);
  } catch {
    // A malformed amount stays 0: the payment service refuses it as a mismatch.
  }
  return {
    provider: 'mollie',
    // Mollie sends one notification per status change, all alike: the status makes each unique.
    eventId,
    eventType: `payment.${payment.status}`,
    outcome: OUTCOMES[payment.status] ?? 'ignored',
    ...(payment.status === 'pending' && { settling: true }),
    providerPaymentId: payment.id,
    orderId: orderIdOf(payment.metadata),
    amountCents,
    currency: payment.amount.currency.toUpperCase(),
    payload: { paymentId: payment.id, status: payment.status, method: payment.method ?? null, mode: payment.mode },
  };
}

/** A payment Mollie would not cancel: paid already, ended, or still open (a method that cannot be cancelled). */
function closeOutcomeOf(payment: Payment): CloseOutcome {
  if (payment.status === 'paid') return 'paid';
  if (payment.status === 'authorized') return 'open'; // the cancel was refused: the hold lapses at captureBefore
  const outcome = OUTCOMES[payment.status];
  return outcome === 'cancelled' || outcome === 'failed' ? 'closed' : 'open';
}

/** Mollie's refund states: `failed` and `canceled` gave nothing back; queued, pending and processing are on their way. */
function refundStatus(refund: Refund): RefundResult['status'] {
  if (refund.status === 'refunded') return 'succeeded';
  if (refund.status === 'failed' || refund.status === 'canceled') {
    throw new PaymentProviderError('mollie', `Mollie refund ${refund.id} ${refund.status}`);
  }
  return 'pending';
}

export function createMollieAdapter(config: MollieAdapterConfig): PaymentAdapter {
  const mollie = createMollieClient({
    apiKey: config.apiKey,
    ...(config.apiBase ? { apiEndpoint: config.apiBase } : {}),
  });

  /** The payment, or null when Mollie does not know it (404). */
  async function getPayment(id: string): Promise<Payment | null> {
    try {
      return await mollie.payments.get(id);
    } catch (err) {
      if (statusCodeOf(err) === 404) return null;
      throw providerError(`Mollie payment ${id} not read`, err);
    }
  }

  return {
    provider: 'mollie',
    mode: 'live',

    async createPayment(request) {
      let payment: Payment;
      try {
        payment = await mollie.payments.create({
          amount: { currency: request.currency.toUpperCase(), value: centsToDecimal(request.amountCents) },
          description: request.description,
          redirectUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          locale: providerLocale(request.language, 'mollie') as Locale | undefined,
          ...(LOCAL_URL.test(request.webhookUrl) ? {} : { webhookUrl: request.webhookUrl }),
          metadata: { orderId: request.orderId, orderUuid: request.orderUuid },
        });
      } catch (err) {
        throw providerError('Mollie payment not created', err);
      }
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new PaymentProviderError('mollie', `Mollie payment ${payment.id} has no checkout URL`);
      return { providerRef: payment.id, redirectUrl: checkoutUrl };
    },

    async parseWebhook({ rawBody }) {
      const id = new URLSearchParams(rawBody.toString('utf8')).get('id');
      if (!id || !PAYMENT_ID.test(id)) {
        throw new WebhookVerificationError('mollie', 'no Mollie payment id in the notification');
      }
      const payment = await getPayment(id);
      if (!payment) throw new WebhookVerificationError('mollie', `Mollie does not know payment ${id}`);
      return toEvent(payment);
    },

    async fetchPayment(id) {
      if (!PAYMENT_ID.test(id)) return null;
      const payment = await getPayment(id);
      return payment && toEvent(payment);
    },

    async capture(id) {
      if (!PAYMENT_ID.test(id)) throw new PaymentProviderError('mollie', 'Not a Mollie payment id');
      const before = await getPayment(id);
      if (!before) throw new PaymentProviderError('mollie', `Mollie does not know payment ${id}`);
      if (before.status === 'authorized') {
        try {
          // One key per payment: a retried capture is answered with the first one, never a second.
          await mollie.paymentCaptures.create({ paymentId: id, idempotencyKey: `capture-${id}` });
        } catch (err) {
          throw providerError(`Mollie payment ${id} not captured`, err);
        }
      }
      const after = await getPayment(id);
      if (!after) throw new PaymentProviderError('mollie', `Mollie does not know payment ${id}`);
      // A capture still processing is not the authorisation seen again: it gets its own event id.
      return after.status === 'authorized' ? { ...toEvent(after, `${id}:capturing`), outcome: 'ignored' } : toEvent(after);
    },

    async closePayment(id) {
      if (!PAYMENT_ID.test(id)) return 'closed';
      try {
        await mollie.payments.cancel(id);
        return 'closed';
      } catch (err) {
        const status = statusCodeOf(err);
        if (status === 404) return 'closed';
        if (status !== 422) throw providerError(`Mollie payment ${id} not cancelled`, err);
      }
      // 422: not cancellable (most methods while open, any payment once paid or ended).
      const payment = await getPayment(id);
      return payment ? closeOutcomeOf(payment) : 'closed';
    },

    async refund({ paymentRef, amountCents, currency, idempotencyKey }) {
      if (!PAYMENT_ID.test(paymentRef)) throw new PaymentProviderError('mollie', 'Not a Mollie payment id');
      let refund: Refund;
      try {
        refund = await mollie.paymentRefunds.create({
          paymentId: paymentRef,
          amount: { currency: currency.toUpperCase(), value: centsToDecimal(amountCents) },
          idempotencyKey,
        });
      } catch (err) {
        throw providerError(`Mollie refund of ${paymentRef} not made`, err);
      }
      return { refundId: refund.id, status: refundStatus(refund) };
    },

    /**
     * Mollie has no event selection for payments: the shop sends its webhook URL with each one.
     * What can be checked is that Mollie takes the key (listing the enabled methods) and can reach
     * the URL (a local one is left out of payments, so no notification ever comes).
     */
    async checkSetup(webhookUrl) {
      const findings: SetupFinding[] = LOCAL_URL.test(webhookUrl) ? [{ code: 'local_webhook_url' }] : [];
      try {
        await mollie.methods.list();
      } catch (err) {
        if (statusCodeOf(err) !== 401) throw providerError('Mollie payment methods not listed', err);
        findings.push({ code: 'api_key' });
      }
      return findings;
    },
  };
}
