import type { VatCategory } from './vat-treatment';

// VAT added up the way a Belgian invoice must be: per rate on the invoice total, not per line
// (the base of each rate is summed first, its VAT rounded once). The cart, the orders, the PDF and
// the UBL all take their figures from here, so they agree to the cent.

export interface TaxedLine {
  netCents: number;
  rate: number;
  category: VatCategory;
}

/** One row of the VAT breakdown (EN 16931 BG-23). */
export interface VatSubtotal {
  category: VatCategory;
  rate: number;
  baseCents: number;
  taxCents: number;
}

/** Half up on whole cents, in integers: 25.5 % of 1001 cents is 255.255 -> 255, never a float surprise. */
export function vatOf(baseCents: number, rate: number): number {
  const hundredths = Math.round(rate * 100);
  const product = baseCents * hundredths;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5000) / 10000);
}

/** Lines grouped by category and rate, in the order each first appears; each group's VAT rounded once. */
export function vatSubtotals(lines: readonly TaxedLine[]): VatSubtotal[] {
  const groups = new Map<string, VatSubtotal>();
  for (const line of lines) {
    const key = `${line.category}:${line.rate}`;
    const group = groups.get(key) ?? { category: line.category, rate: line.rate, baseCents: 0, taxCents: 0 };
    group.baseCents += line.netCents;
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({ ...g, taxCents: vatOf(g.baseCents, g.rate) }));
}

export interface DocumentAmounts {
  subtotals: VatSubtotal[];
  /** Sum of the bases (BT-109). */
  netCents: number;
  /** Sum of the rounded VAT (BT-110). */
  taxCents: number;
  /** netCents + taxCents (BT-112). */
  totalCents: number;
}

export function documentAmounts(lines: readonly TaxedLine[]): DocumentAmounts {
  const subtotals = vatSubtotals(lines);
  const netCents = subtotals.reduce((sum, s) => sum + s.baseCents, 0);
  const taxCents = subtotals.reduce((sum, s) => sum + s.taxCents, 0);
  return { subtotals, netCents, taxCents, totalCents: netCents + taxCents };
}

export interface CreditAmounts extends DocumentAmounts {
  /**
   * What the credit note adds to its total to reach the money given back (EN 16931 BT-114): a
   * refund of 10.00 at 21 % has no base whose rounded total is 10.00 (8.26 + 1.73 = 9.99), so the
   * note says 9.99 and a rounding of 0.01.
   */
  roundingCents: number;
  /** The money given back: totalCents + roundingCents. */
  payableCents: number;
}

/**
 * A credit note for `grossCents` given back on an invoice whose VAT breakdown is `invoice`: the
 * amount is spread over the invoice's rates in proportion to their totals (the last takes what
 * is left), each part split into base and VAT at its rate, VAT rounded per rate as on the
 * invoice. Crediting the invoice's whole total gives back its breakdown exactly.
 */
export function creditAmounts(invoice: readonly VatSubtotal[], grossCents: number): CreditAmounts {
  const invoiceGross = invoice.reduce((sum, s) => sum + s.baseCents + s.taxCents, 0);
  if (grossCents === invoiceGross) {
    const subtotals = invoice.map((s) => ({ ...s }));
    const amounts = totalsOf(subtotals);
    return { ...amounts, roundingCents: 0, payableCents: amounts.totalCents };
  }
  let left = grossCents;
  const subtotals = invoice.map((s, i): VatSubtotal => {
    const share = i === invoice.length - 1 ? left : Math.round((grossCents * (s.baseCents + s.taxCents)) / (invoiceGross || 1));
    left -= share;
    const baseCents = Math.round((share * 100) / (100 + s.rate));
    return { category: s.category, rate: s.rate, baseCents, taxCents: vatOf(baseCents, s.rate) };
  });
  const amounts = totalsOf(subtotals);
  return { ...amounts, roundingCents: grossCents - amounts.totalCents, payableCents: grossCents };
}

function totalsOf(subtotals: VatSubtotal[]): DocumentAmounts {
  const netCents = subtotals.reduce((sum, s) => sum + s.baseCents, 0);
  const taxCents = subtotals.reduce((sum, s) => sum + s.taxCents, 0);
  return { subtotals, netCents, taxCents, totalCents: netCents + taxCents };
}
