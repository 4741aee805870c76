import { describe, expect, it } from 'vitest';
import { creditAmounts, documentAmounts, vatOf } from './vat-amounts';

describe('vatOf: VAT of a base, half up on whole cents, in integers', () => {
  it('rounds half up and handles fractional rates exactly', () => {
    expect(vatOf(250, 21)).toBe(53); // 52.5
    expect(vatOf(1001, 25.5)).toBe(255); // 255.255
    expect(vatOf(1000, 25.5)).toBe(255);
    expect(vatOf(2, 25)).toBe(1); // 0.5
    expect(vatOf(12345, 0)).toBe(0);
  });
});

describe('documentAmounts: the VAT breakdown of an invoice', () => {
  it('groups by category and rate, rounding each group once', () => {
    const amounts = documentAmounts([
      { netCents: 50, rate: 21, category: 'S' },
      { netCents: 50, rate: 21, category: 'S' },
      { netCents: 50, rate: 21, category: 'S' },
    ]);
    expect(amounts).toEqual({
      subtotals: [{ category: 'S', rate: 21, baseCents: 150, taxCents: 32 }],
      netCents: 150,
      taxCents: 32,
      totalCents: 182,
    });
  });
});

describe('creditAmounts: a credit note for money given back', () => {
  const invoice = [{ category: 'S' as const, rate: 21, baseCents: 2298, taxCents: 483 }];

  it('crediting the whole invoice gives back its exact breakdown', () => {
    expect(creditAmounts(invoice, 2781)).toEqual({
      subtotals: invoice,
      netCents: 2298,
      taxCents: 483,
      totalCents: 2781,
      roundingCents: 0,
      payableCents: 2781,
    });
  });
  it('a partial refund splits into base and VAT at the invoice rate; a cent that no base reaches is a rounding amount', () => {
    const ten = creditAmounts(invoice, 1000);
    expect(ten).toMatchObject({ netCents: 826, taxCents: 173, totalCents: 999, roundingCents: 1, payableCents: 1000 });
    const reachable = creditAmounts(invoice, 1210);
    expect(reachable).toMatchObject({ netCents: 1000, taxCents: 210, totalCents: 1210, roundingCents: 0 });
  });
  it('under reverse charge or outside the EU the whole amount is base', () => {
    expect(creditAmounts([{ category: 'AE', rate: 0, baseCents: 5000, taxCents: 0 }], 1234)).toMatchObject({
      netCents: 1234,
      taxCents: 0,
      roundingCents: 0,
      payableCents: 1234,
    });
  });
  it('spreads over several rates in proportion, every cent accounted for', () => {
    const two = [
      { category: 'S' as const, rate: 21, baseCents: 1000, taxCents: 210 },
      { category: 'S' as const, rate: 6, baseCents: 1000, taxCents: 60 },
    ];
    const credit = creditAmounts(two, 1000);
    expect(credit.payableCents).toBe(1000);
    expect(credit.totalCents + credit.roundingCents).toBe(1000);
    expect(Math.abs(credit.roundingCents)).toBeLessThanOrEqual(2);
    expect(credit.subtotals.map((s) => s.rate)).toEqual([21, 6]);
  });
});
