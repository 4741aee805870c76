import Stripe from 'stripe';
import { hostOptions, providerError, type StripeAdapterConfig } from '../stripe';
import { providerLocale } from '../provider-locale';
import type { ChargeResult, RecurringAdapter, SetupResult } from './types';

// Stripe: a card is saved through Checkout in setup mode on the customer's Stripe customer; the
// completed session's setup intent names the payment method (pm_…), whose card details we read.

const SESSION_ID = /^cs_\w+$/;

export function createStripeRecurring(config: Pick<StripeAdapterConfig, 'secretKey' | 'apiBase'>): RecurringAdapter {
  const stripe = new Stripe(config.secretKey, { ...hostOptions(config.apiBase), telemetry: false, maxNetworkRetries: 1, timeout: 10_000 });

  return {
    provider: 'stripe',

    async startSetup(request) {
      try {
        const customerId =
          request.customerId ??
          (await stripe.customers.create({ email: request.email, name: request.name }, { idempotencyKey: `customer-${request.setupId}` }))
            .id;
        const session = await stripe.checkout.sessions.create({
          mode: 'setup',
          customer: customerId,
          currency: request.currency.toLowerCase(), // setup mode with dynamic methods asks for it
          metadata: { setupId: request.setupId },
          success_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          locale: providerLocale(request.language, 'stripe') as Stripe.Checkout.SessionCreateParams.Locale | undefined,
        });
        if (!session.url) throw new Error('no url');
        return { customerId, providerRef: session.id, redirectUrl: session.url };
      } catch (err) {
        throw providerError('Stripe setup session not created', err);
      }
    },

    async finishSetup(sessionId): Promise<SetupResult> {
      if (!SESSION_ID.test(sessionId)) return { status: 'failed' };
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'expired') return { status: 'failed' };
        const intentId = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
        if (session.status !== 'complete' || !intentId) return { status: 'open' };
        const intent = await stripe.setupIntents.retrieve(intentId);
        const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
        if (intent.status !== 'succeeded' || !methodId) return { status: intent.status === 'canceled' ? 'failed' : 'open' };
        const method = await stripe.paymentMethods.retrieve(methodId);
        return {
          status: 'saved',
          method: {
            kind: 'card',
            providerMethodId: method.id,
            brand: method.card?.brand ?? null,
            last4: method.card?.last4 ?? null,
            expMonth: method.card?.exp_month ?? null,
            expYear: method.card?.exp_year ?? null,
            bankAccount: null,
          },
        };
      } catch (err) {
        throw providerError('Stripe setup not read', err);
      }
    },

    async detach(_customerId, methodId) {
      try {
        await stripe.paymentMethods.detach(methodId);
      } catch (err) {
        // Already detached or unknown at Stripe: nothing is left to remove there.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          (err.statusCode === 404 || err.code === 'payment_method_unexpected_state')
        )
          return;
        throw providerError('Stripe payment method not detached', err);
      }
    },

    async charge(request): Promise<ChargeResult> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.providerMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { orderId: String(request.orderId), orderUuid: request.orderUuid },
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (err) {
        // A refused card is an answer, not an outage: Stripe says why (and whether the customer must act).
        if (err instanceof Stripe.errors.StripeCardError) {
          const ref = (err.payment_intent as { id?: string } | undefined)?.id ?? null;
          if (err.code === 'authentication_required') return { status: 'requires_action', providerRef: ref, code: err.code };
          return { status: 'declined', providerRef: ref, code: err.decline_code ?? err.code ?? 'card_declined' };
        }
        throw providerError('Stripe renewal charge not made', err);
      }
      if (intent.status === 'succeeded') return { status: 'succeeded', providerRef: intent.id };
      if (intent.status === 'processing') return { status: 'pending', providerRef: intent.id };
      if (intent.status === 'requires_action')
        return { status: 'requires_action', providerRef: intent.id, code: 'authentication_required' };
      return { status: 'declined', providerRef: intent.id, code: intent.status };
    },
  };
}
