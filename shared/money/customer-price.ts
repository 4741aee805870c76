import { cartTotals, unitNetCents, type CartLineAmounts, type CartTotalsOptions } from './cart-totals';

/** What a product's price is made of: the catalogue's row or a cart line (qty is not needed). */
export type PricedItem = Omit<CartLineAmounts, 'qty'>;

export interface CustomerPrice {
  /** One unit a month before tax: price + support + margin (spec §9). */
  netCents: number;
  /** The VAT rate applied: the buyer's treatment when known, else the product's. */
  taxRate: number;
  /** One unit a month with tax, rounded as the cart and the invoice round it. */
  grossCents: number;
}

/**
 * Issue 17, one price everywhere: what a customer pays for one unit a month, the cart's own maths
 * for a line of one (shared/money/cart-totals.ts). Home, Hosting, shop, cart and payment pages show
 * this, never price_cents alone. Pass the buyer's VAT treatment (GET /api/account/vat) when known.
 */
export function customerPrice(item: PricedItem, options: CartTotalsOptions = {}): CustomerPrice {
  const totals = cartTotals([{ ...item, qty: 1 }], options);
  return { netCents: unitNetCents({ ...item, qty: 1 }), taxRate: totals.taxRate, grossCents: totals.totalCents };
}

/** Cheapest first by what the customer pays (ties keep the catalogue's order). */
export function byCustomerPrice<T extends PricedItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => unitNetCents({ ...a, qty: 1 }) - unitNetCents({ ...b, qty: 1 }));
}

/** Every "à partir de": the lowest customer price of the catalogue, or null when it is empty. */
export function lowestCustomerPrice(items: readonly PricedItem[], options: CartTotalsOptions = {}): CustomerPrice | null {
  const cheapest = byCustomerPrice(items)[0];
  return cheapest ? customerPrice(cheapest, options) : null;
}
