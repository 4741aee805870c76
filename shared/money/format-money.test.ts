import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../constants';
import { LANGUAGES } from '../i18n/languages';
import { formatMoney } from './format-money';

const intl = (cents: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 }).format(cents / 100);

// Whole cents around every grouping threshold, signs included, and a spread of ordinary prices.
const EDGES = [0, 1, 9, 10, 99, 100, 399, 99_999, 100_000, 999_999, 1_000_000, 9_999_999, 12_345_678, 123_456_789_012];
const PRICES = Array.from({ length: 200 }, (_, i) => (i * 7919) % 5_000_000);

describe('formatMoney', () => {
  for (const lng of LANGUAGES) {
    for (const currency of CURRENCIES) {
      it(`writes ${currency} in ${lng} as Intl.NumberFormat does`, () => {
        for (const cents of [...EDGES, ...EDGES.map((c) => -c).filter((c) => c !== 0), ...PRICES]) {
          expect(formatMoney(cents, currency, lng)).toBe(intl(cents, currency, lng));
        }
      });
    }
  }

  it('leaves other languages, currencies and fractions of a cent to Intl', () => {
    expect(formatMoney(123_456, 'EUR', 'de')).toBe(intl(123_456, 'EUR', 'de'));
    expect(formatMoney(123_456, 'GBP', 'fr')).toBe(intl(123_456, 'GBP', 'fr'));
    expect(formatMoney(1234.5, 'EUR', 'fr')).toBe(intl(1234.5, 'EUR', 'fr'));
    expect(formatMoney(-0, 'EUR', 'en')).toBe(intl(-0, 'EUR', 'en'));
  });
});
