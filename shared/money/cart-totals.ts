import { DEFAULT_TAX_RATE } from '../constants';

export interface CartLineAmounts {
  price_cents: number;
  support_cents?: number;
  margin_cents?: number;
  qty: number;
  tax_rate?: number;
}

export interface CartTotals {
  subtotalCents: number;
  taxRate: number;
  taxCents: number;
  totalCents: number;
}

export interface CartTotalsOptions {
  /** Replaces the lines' rate: 0 under EU reverse charge (shared/tax/vat-treatment.ts); null or absent keeps it. */
  taxRate?: number | null;
}

/**
 * Spec §9, the one place the cart is added up (cart page and server alike): before tax is the sum of
 * (price + support + margin) × qty; the rate is the first line's (21 % by default) unless the buyer's
 * VAT treatment overrides it; tax is rounded.
 */
export function cartTotals(lines: readonly CartLineAmounts[], options: CartTotalsOptions = {}): CartTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + (l.price_cents + (l.support_cents ?? 0) + (l.margin_cents ?? 0)) * l.qty, 0);
  const taxRate = options.taxRate ?? lines[0]?.tax_rate ?? DEFAULT_TAX_RATE;
  const taxCents = Math.round((subtotalCents * taxRate) / 100);
  return { subtotalCents, taxRate, taxCents, totalCents: subtotalCents + taxCents };
}

/** Cents shown divided by 100 with 2 decimals, in the page's language. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 }).format(cents / 100);
}
