import { isCartLine, withValidChoice, type CartLine } from './cart-line';

// Browser storage key of the cart; the cart survives a reload.
export const CART_KEY = 'cart';

/** The stored cart; a missing, corrupt or malformed value counts as an empty cart. */
export function readStoredCart(): CartLine[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(CART_KEY);
  } catch {
    return []; // storage disabled: the cart lives in memory only
  }
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value) || !value.every(isCartLine)) return [];
    return value.slice(0, 1).map(withValidChoice); // one product at a time (spec §4), whatever was stored
  } catch {
    return [];
  }
}

export function storeCart(lines: readonly CartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(CART_KEY);
    else localStorage.setItem(CART_KEY, JSON.stringify(lines));
  } catch {
    // see readStoredCart
  }
}
