// The ways to pay offered under the cart (spec §2 cart, §7 calls). Card is the default choice.
export const CART_PAYMENT_METHODS = ['card', 'paypal', 'bank_transfer'] as const;
export type CartPaymentMethod = (typeof CART_PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: CartPaymentMethod = 'card';
