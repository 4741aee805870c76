import type { PaymentsConfig } from '../index';
import { createMollieRecurring } from './mollie-recurring';
import { createStripeRecurring } from './stripe-recurring';
import type { RecurringAdapter, RecurringProvider } from './types';

/** Saving and charging methods at the providers whose keys are set; none for the others. */
export function createRecurringAdapters(config: PaymentsConfig): Partial<Record<RecurringProvider, RecurringAdapter>> {
  return {
    ...(config.stripe ? { stripe: createStripeRecurring(config.stripe) } : {}),
    ...(config.mollie ? { mollie: createMollieRecurring(config.mollie) } : {}),
  };
}
