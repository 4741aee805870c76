import { createMollieClient, SequenceType, type Locale, type Mandate, type PaymentMethod } from '@mollie/api-client';
import { providerError, statusCodeOf, type MollieAdapterConfig } from '../mollie';
import { providerLocale } from '../provider-locale';
import { centsToDecimal } from '../money';
import type { ChargeResult, RecurringAdapter, SavedMethodDetails, SetupResult } from './types';

// Mollie: a mandate comes from a first payment (`sequenceType: first`) on the customer's Mollie
// customer. A card's first payment may be 0.00 (Mollie's own example), so nothing is taken; once
// it is paid the payment names the mandate, whose details we read.

const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;
const MANDATE_ID = /^mdt_[A-Za-z0-9]+$/;
/** Mollie refuses a webhookUrl it cannot reach (422): left out, the payment sweep asks instead. */
const LOCAL_URL = /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/|$)/i;

/** An IBAN shown as its country and last four characters, the rest masked. */
export function maskAccount(account: string): string {
  const plain = account.replace(/\s+/g, '');
  return `${plain.slice(0, 2)}** **** ${plain.slice(-4)}`;
}

function detailsOf(mandate: Mandate): SavedMethodDetails {
  const details = mandate.details as unknown as Record<string, unknown>;
  if (mandate.method === 'creditcard') {
    const expiry = typeof details.cardExpiryDate === 'string' ? details.cardExpiryDate.split('-') : [];
    return {
      kind: 'card',
      providerMethodId: mandate.id,
      brand: typeof details.cardLabel === 'string' ? details.cardLabel.toLowerCase() : null,
      last4: typeof details.cardNumber === 'string' ? details.cardNumber.slice(-4) : null,
      expYear: expiry[0] ? Number(expiry[0]) : null,
      expMonth: expiry[1] ? Number(expiry[1]) : null,
      bankAccount: null,
    };
  }
  return {
    kind: 'directdebit',
    providerMethodId: mandate.id,
    brand: null,
    last4: null,
    expMonth: null,
    expYear: null,
    bankAccount: typeof details.consumerAccount === 'string' ? maskAccount(details.consumerAccount) : null,
  };
}

export function createMollieRecurring(config: MollieAdapterConfig): RecurringAdapter {
  const mollie = createMollieClient({ apiKey: config.apiKey, ...(config.apiBase ? { apiEndpoint: config.apiBase } : {}) });

  return {
    provider: 'mollie',

    async startSetup(request) {
      try {
        const customerId = request.customerId ?? (await mollie.customers.create({ name: request.name, email: request.email })).id;
        const payment = await mollie.customerPayments.create({
          customerId,
          sequenceType: SequenceType.first,
          amount: { currency: 'EUR', value: '0.00' },
          method: 'creditcard' as PaymentMethod,
          description: 'Saved payment method',
          redirectUrl: request.returnUrl,
          cancelUrl: request.cancelUrl,
          locale: providerLocale(request.language, 'mollie') as Locale | undefined,
          metadata: { setupId: request.setupId },
        });
        const checkoutUrl = payment.getCheckoutUrl();
        if (!checkoutUrl) throw new Error('no checkout url');
        return { customerId, providerRef: payment.id, redirectUrl: checkoutUrl };
      } catch (err) {
        throw providerError('Mollie first payment not created', err);
      }
    },

    async finishSetup(paymentId, customerId): Promise<SetupResult> {
      if (!PAYMENT_ID.test(paymentId)) return { status: 'failed' };
      try {
        const payment = await mollie.payments.get(paymentId);
        if (['failed', 'canceled', 'expired'].includes(payment.status)) return { status: 'failed' };
        if (payment.status !== 'paid' || !payment.mandateId) return { status: 'open' };
        const mandate = await mollie.customerMandates.get(payment.mandateId, { customerId });
        if (mandate.status === 'invalid') return { status: 'failed' };
        return { status: 'saved', method: detailsOf(mandate) };
      } catch (err) {
        throw providerError('Mollie first payment not read', err);
      }
    },

    async detach(customerId, mandateId) {
      if (!MANDATE_ID.test(mandateId)) return;
      try {
        await mollie.customerMandates.revoke(mandateId, { customerId });
      } catch (err) {
        if (statusCodeOf(err) === 404 || statusCodeOf(err) === 410) return;
        throw providerError('Mollie mandate not revoked', err);
      }
    },

    async charge(request): Promise<ChargeResult> {
      try {
        const payment = await mollie.customerPayments.create({
          customerId: request.customerId,
          sequenceType: SequenceType.recurring,
          mandateId: request.providerMethodId,
          amount: { currency: request.currency.toUpperCase(), value: centsToDecimal(request.amountCents) },
          description: request.description,
          metadata: { orderId: request.orderId, orderUuid: request.orderUuid },
          ...(LOCAL_URL.test(request.webhookUrl) ? {} : { webhookUrl: request.webhookUrl }),
          idempotencyKey: request.idempotencyKey,
        });
        if (payment.status === 'paid') return { status: 'succeeded', providerRef: payment.id };
        if (['failed', 'canceled', 'expired'].includes(payment.status)) {
          const reason = (payment.details as { failureReason?: string } | null)?.failureReason;
          return { status: 'declined', providerRef: payment.id, code: reason ?? payment.status };
        }
        return { status: 'pending', providerRef: payment.id };
      } catch (err) {
        // A mandate Mollie no longer accepts (revoked, invalid) is a refusal, not an outage.
        if (statusCodeOf(err) === 422) return { status: 'declined', providerRef: null, code: 'mandate_refused' };
        throw providerError('Mollie renewal charge not made', err);
      }
    },
  };
}
