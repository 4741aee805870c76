import { describe, expect, it } from 'vitest';
import { currencyForCountry } from './currency';

describe('currency from country (spec §4)', () => {
  it('is CAD for Canada, USD for the United States and EUR elsewhere', () => {
    expect(currencyForCountry('CA')).toBe('CAD');
    expect(currencyForCountry('us')).toBe('USD');
    expect(['BE', 'FR', 'NL', 'PL', 'GB'].map(currencyForCountry)).toEqual(['EUR', 'EUR', 'EUR', 'EUR', 'EUR']);
  });
});
