import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES } from './vat-treatment';
import { brusselsDay, EU_STANDARD_RATES, standardRateOn } from './eu-vat-rates';

describe('EU standard VAT rates', () => {
  it('has a rate for each of the 27 member states and none for others', () => {
    expect(Object.keys(EU_STANDARD_RATES).sort()).toEqual([...EU_COUNTRIES].sort());
    const on = new Date('2026-11-24T10:00:00Z');
    for (const country of EU_COUNTRIES) expect(standardRateOn(country, on)).toBeGreaterThanOrEqual(17);
    expect(standardRateOn('US', on)).toBeNull();
    expect(standardRateOn('CH', on)).toBeNull();
  });
  it('the 2024-2025 changes apply from their day: SK 23, EE 24, FI 25.5, RO 21', () => {
    expect(standardRateOn('SK', new Date('2024-12-31T12:00:00Z'))).toBe(20);
    expect(standardRateOn('SK', new Date('2025-01-01T12:00:00Z'))).toBe(23);
    expect(standardRateOn('EE', new Date('2025-07-01T12:00:00Z'))).toBe(24);
    expect(standardRateOn('FI', new Date('2024-08-31T12:00:00Z'))).toBe(24);
    expect(standardRateOn('FI', new Date('2024-09-01T12:00:00Z'))).toBe(25.5);
  });
  it('periods are in date order', () => {
    for (const periods of Object.values(EU_STANDARD_RATES)) {
      expect(periods.map((p) => p.from)).toEqual(periods.map((p) => p.from).sort());
    }
  });
  it('dates are Brussels calendar days', () => {
    expect(brusselsDay(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });
});
