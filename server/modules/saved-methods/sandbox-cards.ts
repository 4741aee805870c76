import { randomUUID } from 'node:crypto';
import type { SandboxCardOutcome } from '../../../shared/schemas/payment-methods';
import type { NewSavedMethod } from './saved-methods.repo';

// Sandbox cards carry Stripe's own test card numbers' last digits, so they read like the cards a
// developer knows: 4242 pays, 0002 is declined, 3184 asks for 3-D Secure.
const LAST4: Record<SandboxCardOutcome, string> = { succeeds: '4242', declined: '0002', needs_authentication: '3184' };

export function sandboxCard(outcome: SandboxCardOutcome, now: Date): Omit<NewSavedMethod, 'user_id'> {
  return {
    provider: 'sandbox',
    kind: 'card',
    provider_customer_id: null,
    provider_method_id: `sandbox_${randomUUID()}`,
    brand: 'visa',
    last4: LAST4[outcome],
    exp_month: 12,
    exp_year: now.getUTCFullYear() + 3,
    bank_account: null,
    sandbox_outcome: outcome,
  };
}
