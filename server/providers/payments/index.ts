import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import { createMollieAdapter } from './mollie';
import { createPaypalAdapter } from './paypal';
import { createSandboxAdapter } from './sandbox';
import { createStripeAdapter } from './stripe';
import { PaymentProviderError, type PaymentAdapter, type PaymentProvider } from './types';

export interface PaymentsConfig {
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
  paypal?: { clientId: string; clientSecret: string; webhookId: string; apiBase?: string };
  mollie?: { apiKey: string; apiBase?: string };
}

export type PaymentAdapters = Record<PaymentProvider, PaymentAdapter>;

/** The real adapter for each provider whose keys are set, the sandbox page for the others. */
export function createPaymentAdapters(
  config: PaymentsConfig & { paymentsSandbox?: boolean },
  deps: { db: Knex; publicUrl: string; jwtSecret: string },
): PaymentAdapters {
  const secret = sandboxSecret(deps.jwtSecret);
  const sandbox = (provider: PaymentProvider) =>
    config.paymentsSandbox === false
      ? disabledAdapter(provider)
      : createSandboxAdapter(provider, { db: deps.db, publicUrl: deps.publicUrl, secret });
  return {
    stripe: config.stripe ? createStripeAdapter(config.stripe) : sandbox('stripe'),
    paypal: config.paypal ? createPaypalAdapter(config.paypal) : sandbox('paypal'),
    mollie: config.mollie ? createMollieAdapter(config.mollie) : sandbox('mollie'),
  };
}

/** The sandbox's signing key: derived, so it needs no configuration and differs from the session key. */
export function sandboxSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('sandbox-payments').digest('hex');
}

/**
 * A provider without keys where the sandbox is not allowed: the method is simply not offered. No
 * page of it can take money, so there is nothing to close; nothing can be refunded through it.
 */
function disabledAdapter(provider: PaymentProvider): PaymentAdapter {
  const refuse = async (): Promise<never> => {
    throw new PaymentProviderError(provider, `${provider} is not configured`);
  };
  const closePayment = async () => 'closed' as const;
  return { provider, mode: 'disabled', createPayment: refuse, parseWebhook: refuse, fetchPayment: refuse, closePayment, refund: refuse };
}
