import { CART_PAYMENT_METHODS, DEFAULT_PAYMENT_METHOD, type CartPaymentMethod } from './payment-method';

/** What the visitor chose under the cart before being sent to log in: given back on return. */
export interface CheckoutDraft {
  terms: boolean;
  privacy: boolean;
  method: CartPaymentMethod;
}

const KEY = 'checkoutDraft';
const EMPTY: CheckoutDraft = { terms: false, privacy: false, method: DEFAULT_PAYMENT_METHOD };

/** Kept for this tab only (sessionStorage): the login, register and e-mail check happen in it. */
export function saveCheckoutDraft(draft: CheckoutDraft) {
  sessionStorage.setItem(KEY, JSON.stringify(draft));
}

/** The saved choices, once: reading forgets them, so a later visit starts unticked. */
export function takeCheckoutDraft(): CheckoutDraft {
  const raw = sessionStorage.getItem(KEY);
  if (raw === null) return EMPTY;
  sessionStorage.removeItem(KEY);
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return EMPTY;
    const { terms, privacy, method } = value as Record<string, unknown>;
    return {
      terms: terms === true,
      privacy: privacy === true,
      method: CART_PAYMENT_METHODS.find((known) => known === method) ?? DEFAULT_PAYMENT_METHOD,
    };
  } catch {
    return EMPTY;
  }
}
