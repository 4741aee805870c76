import { DEFAULT_TAX_RATE } from '../constants';
import { documentAmounts, type VatSubtotal } from '../tax/vat-amounts';
import type { VatCategory } from '../tax/vat-treatment';

export { formatMoney } from './format-money';

export interface CartLineAmounts {
  price_cents: number;
  support_cents?: number;
  margin_cents?: number;
  qty: number;
  tax_rate?: number;
}

export interface CartTotals {
  subtotalCents: number;
  /** The first line's rate, the one the cart names (every line has the same under OSS, reverse charge or outside the EU). */
  taxRate: number;
  taxCents: number;
  totalCents: number;
  /** The VAT per rate, as the invoice will print it. */
  vat: VatSubtotal[];
}

export interface CartTotalsOptions {
  /** Replaces the lines' rate: the buyer's VAT treatment (shared/tax/vat-treatment.ts); null or absent keeps it. */
  taxRate?: number | null;
  /** The treatment's VAT category (S by default). */
  category?: VatCategory;
}

/** Spec §9: the price before tax of one unit is price + support + margin. */
export const unitNetCents = (line: CartLineAmounts) => line.price_cents + (line.support_cents ?? 0) + (line.margin_cents ?? 0);

/**
 * Spec §9, the one place the cart is added up (cart page and server alike): before tax is the sum of
 * (price + support + margin) × qty; each line is taxed at its product's rate (21 % by default)
 * unless the buyer's VAT treatment overrides it, and the VAT is rounded once per rate on the total,
 * as the invoice does (shared/tax/vat-amounts.ts).
 */
export function cartTotals(lines: readonly CartLineAmounts[], options: CartTotalsOptions = {}): CartTotals {
  const rateOf = (line: CartLineAmounts) => options.taxRate ?? line.tax_rate ?? DEFAULT_TAX_RATE;
  const amounts = documentAmounts(
    lines.map((line) => ({ netCents: unitNetCents(line) * line.qty, rate: rateOf(line), category: options.category ?? 'S' })),
  );
  const taxRate = options.taxRate ?? lines[0]?.tax_rate ?? DEFAULT_TAX_RATE;
  return { subtotalCents: amounts.netCents, taxRate, taxCents: amounts.taxCents, totalCents: amounts.totalCents, vat: amounts.subtotals };
}
