import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  closeOpenSandboxCheckout,
  findSandboxCheckout,
  findSandboxRefundByKey,
  insertSandboxCheckout,
  insertSandboxRefund,
  lockSandboxCheckout,
  sandboxRefundedCents,
  type SandboxCheckoutRow,
} from './sandbox-checkouts.repo';
import type { PaymentAdapter, PaymentEvent, PaymentOutcome, PaymentProvider, RefundRequest, RefundResult } from './types';
import { PaymentProviderError, WebhookVerificationError } from './types';
import { systemClock } from '../../clock/clock';

// Stands in for a provider whose keys are absent (DESIGN.md §2): the customer is sent to the
// app's own payment page (/{lng}/sandbox-checkout/{id}), whose Pay / Cancel buttons produce a
// signed notification that goes through the same webhook code as the real providers'. Closing a
// checkout stops its page from paying; a refund is recorded, as a provider would keep it.

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** Checkout ids are uuids: anything else is no checkout, and never reaches a query. */
const CHECKOUT_ID = /^[0-9a-f-]{36}$/i;

const sandboxNotificationSchema = z.object({
  id: z.string().min(1).max(200), // event id
  checkoutId: z.uuid(),
  outcome: z.enum(['paid', 'failed', 'cancelled'] satisfies PaymentOutcome[]),
});
export type SandboxNotification = z.infer<typeof sandboxNotificationSchema>;

/** The signed body, read: not JSON or not a notification is refused like a bad signature (400). */
function readNotification(provider: PaymentProvider, rawBody: Buffer): SandboxNotification {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookVerificationError(provider, 'sandbox notification is not JSON');
  }
  const parsed = sandboxNotificationSchema.safeParse(json);
  if (!parsed.success) throw new WebhookVerificationError(provider, 'not a sandbox notification');
  return parsed.data;
}

export function sandboxSignature(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function createSandboxAdapter(provider: PaymentProvider, deps: { db: Knex; publicUrl: string; secret: string }): PaymentAdapter {
  const { db, publicUrl, secret } = deps;

  function toEvent(row: SandboxCheckoutRow, eventId: string, outcome: PaymentEvent['outcome']): PaymentEvent {
    return {
      provider,
      eventId,
      eventType: `sandbox.${outcome}`,
      outcome,
      providerPaymentId: row.id,
      orderId: row.order_id,
      amountCents: row.amount_cents,
      currency: row.currency,
      payload: { sandbox: true, checkoutId: row.id },
    };
  }

  async function findCheckout(id: string): Promise<SandboxCheckoutRow | undefined> {
    if (!CHECKOUT_ID.test(id)) return undefined;
    return findSandboxCheckout(db, id, provider);
  }

  /** A refund of a paid checkout, never more than it took; the same key answers the first refund. */
  function refund({ paymentRef, amountCents, currency, idempotencyKey }: RefundRequest): Promise<RefundResult> {
    return db.transaction(async (trx) => {
      const earlier = await findSandboxRefundByKey(trx, idempotencyKey);
      if (earlier) return { refundId: earlier.id, status: 'succeeded' };
      const row = CHECKOUT_ID.test(paymentRef) ? await lockSandboxCheckout(trx, paymentRef, provider) : undefined;
      if (!row || row.status !== 'paid') throw new PaymentProviderError(provider, `sandbox checkout ${paymentRef} was not paid`);
      if (row.currency !== currency.toUpperCase())
        throw new PaymentProviderError(provider, `sandbox checkout ${paymentRef} was not paid in ${currency}`);
      const left = row.amount_cents - (await sandboxRefundedCents(trx, row.id));
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > left) {
        throw new PaymentProviderError(provider, `sandbox refund of ${amountCents} is more than the ${left} left on ${paymentRef}`);
      }
      const id = await insertSandboxRefund(trx, {
        checkout_id: row.id,
        idempotency_key: idempotencyKey,
        amount_cents: amountCents,
        currency: row.currency,
      });
      return { refundId: id, status: 'succeeded' };
    });
  }

  return {
    provider,
    mode: 'sandbox',
    async createPayment(request) {
      const id = await insertSandboxCheckout(db, {
        provider,
        order_id: request.orderId,
        amount_cents: request.amountCents,
        currency: request.currency,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      return { providerRef: id, redirectUrl: `${publicUrl}/${request.language}/sandbox-checkout/${id}` };
    },
    async parseWebhook({ rawBody, headers }) {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      const expected = sandboxSignature(secret, rawBody);
      if (typeof given !== 'string' || given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        throw new WebhookVerificationError(provider, 'bad sandbox signature');
      }
      const note = readNotification(provider, rawBody);
      // Amount and order come from our own record of the checkout, never from the notification.
      const row = await findCheckout(note.checkoutId);
      if (!row) throw new WebhookVerificationError(provider, 'unknown sandbox checkout');
      return toEvent(row, note.id, note.outcome);
    },
    async fetchPayment(id) {
      const row = await findCheckout(id);
      if (!row) return null;
      const outcome = row.status === 'open' ? 'ignored' : row.status;
      return toEvent(row, `${row.id}:${row.status}`, outcome);
    },
    async closePayment(id) {
      if (!CHECKOUT_ID.test(id)) return 'closed';
      // The sandbox stands for the provider: its rows keep the provider's own (system) time.
      const row = await closeOpenSandboxCheckout(db, id, provider, systemClock.now());
      return row?.status === 'paid' ? 'paid' : 'closed';
    },
    refund,
  };
}
