import { describe, expect, it } from 'vitest';
import { cartTotals, formatMoney } from './cart-totals';

describe('cart totals (spec §9)', () => {
  it('adds price, support and margin per line times the quantity, then 21 % tax by default', () => {
    const totals = cartTotals([{ price_cents: 999, support_cents: 100, margin_cents: 50, qty: 2 }]);
    expect(totals).toEqual({
      subtotalCents: 2298,
      taxRate: 21,
      taxCents: 483,
      totalCents: 2781,
      vat: [{ category: 'S', rate: 21, baseCents: 2298, taxCents: 483 }],
    });
  });

  it('taxes each line at its rate and rounds the VAT once per rate on the total, as a Belgian invoice does', () => {
    const totals = cartTotals([
      { price_cents: 1001, qty: 1, tax_rate: 6 },
      { price_cents: 500, qty: 1, tax_rate: 21 },
      { price_cents: 333, qty: 1, tax_rate: 21 },
    ]);
    expect(totals.vat).toEqual([
      { category: 'S', rate: 6, baseCents: 1001, taxCents: 60 },
      { category: 'S', rate: 21, baseCents: 833, taxCents: 175 },
    ]);
    expect(totals).toMatchObject({ subtotalCents: 1834, taxRate: 6, taxCents: 235, totalCents: 2069 });
    // Three lines of 0.50 at 21 %: per line 0.105 -> 0.11 each (0.33); on the total 1.50 -> 0.315 -> 0.32.
    expect(
      cartTotals([
        { price_cents: 50, qty: 1 },
        { price_cents: 50, qty: 1 },
        { price_cents: 50, qty: 1 },
      ]).taxCents,
    ).toBe(32);
    expect(cartTotals([{ price_cents: 250, qty: 1 }]).taxCents).toBe(53); // 52.5 rounds up
  });

  it("a rate override (EU reverse charge: 0) replaces the lines' rate; null keeps it", () => {
    const line = { price_cents: 1000, qty: 2, tax_rate: 21 };
    expect(cartTotals([line], { taxRate: 0, category: 'AE' })).toEqual({
      subtotalCents: 2000,
      taxRate: 0,
      taxCents: 0,
      totalCents: 2000,
      vat: [{ category: 'AE', rate: 0, baseCents: 2000, taxCents: 0 }],
    });
    expect(cartTotals([line], { taxRate: null }).taxCents).toBe(420);
  });

  it('gives zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ subtotalCents: 0, taxRate: 21, taxCents: 0, totalCents: 0, vat: [] });
  });

  it('shows cents as an amount with two decimals in the page language', () => {
    expect(formatMoney(1299, 'EUR', 'fr').replace(/\s/g, ' ')).toBe('12,99 €');
    expect(formatMoney(500, 'USD', 'en')).toBe('$5.00');
  });
});
