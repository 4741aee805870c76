// Saving a payment method at a provider and charging it later without the customer (issue 21).
// Apart from PaymentAdapter: a checkout takes one payment for an order, this keeps a method.

export type RecurringProvider = 'stripe' | 'mollie';

/** What the panel shows of a saved method; never a full card number. */
export interface SavedMethodDetails {
  kind: 'card' | 'directdebit';
  /** pm_… at Stripe, mdt_… (the mandate) at Mollie. */
  providerMethodId: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  /** A direct-debit mandate's account, masked (e.g. NL** **** **** 1234). */
  bankAccount: string | null;
}

export interface SetupRequest {
  /** The customer at the provider, when one was made before. */
  customerId: string | null;
  email: string;
  name: string;
  /** Our setup's id: it comes back in the return URL. */
  setupId: string;
  returnUrl: string;
  cancelUrl: string;
  language: string;
  /** The customer's account currency (ISO 4217): the methods offered depend on it. */
  currency: string;
}

export interface StartedSetup {
  customerId: string;
  /** The Checkout session (cs_…) or the first payment (tr_…). */
  providerRef: string;
  redirectUrl: string;
}

/** How a setup ended: saved (with the method), still in progress, or failed for good. */
export type SetupResult = { status: 'saved'; method: SavedMethodDetails } | { status: 'open' } | { status: 'failed' };

/** A charge taken without the customer (a renewal), on a saved method. */
export interface ChargeRequest {
  customerId: string;
  providerMethodId: string;
  amountCents: number;
  currency: string;
  description: string;
  orderId: number;
  orderUuid: string;
  /** The same for every try of one attempt: the provider answers a repeated call with the first charge. */
  idempotencyKey: string;
  /** Where Mollie posts the payment's status changes. */
  webhookUrl: string;
}

/**
 * How a charge went: `succeeded` took the money; `pending` is still settling at the provider (its
 * notification settles it); `declined` took nothing; `requires_action` needs the customer (3-D Secure).
 */
export type ChargeResult =
  | { status: 'succeeded' | 'pending'; providerRef: string }
  | { status: 'declined' | 'requires_action'; providerRef: string | null; code: string };

export interface RecurringAdapter {
  readonly provider: RecurringProvider;
  startSetup(request: SetupRequest): Promise<StartedSetup>;
  finishSetup(providerRef: string, customerId: string): Promise<SetupResult>;
  /** Detaches the card / revokes the mandate; one already gone is not an error. */
  detach(customerId: string, providerMethodId: string): Promise<void>;
  /** Charges a saved method off-session; throws PaymentProviderError when the provider cannot be reached. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
