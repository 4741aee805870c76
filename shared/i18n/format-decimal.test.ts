import { describe, expect, it } from 'vitest';
import { formatOneDecimal } from './format-decimal';
import { LANGUAGES } from './languages';

const intl = (value: number, lng: string) =>
  new Intl.NumberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

describe('formatOneDecimal', () => {
  for (const lng of LANGUAGES) {
    it(`writes averages in ${lng} as Intl.NumberFormat does`, () => {
      for (let hundredths = 0; hundredths <= 500; hundredths++) {
        const value = hundredths / 100;
        expect(formatOneDecimal(value, lng)).toBe(intl(value, lng));
      }
      for (const value of [1 / 3, 2 / 3, 4.25, 4.35, 4.45, 999.95, -2.5]) expect(formatOneDecimal(value, lng)).toBe(intl(value, lng));
    });
  }

  it('leaves other languages and larger values to Intl', () => {
    expect(formatOneDecimal(4.5, 'de')).toBe(intl(4.5, 'de'));
    expect(formatOneDecimal(12_345.67, 'fr')).toBe(intl(12_345.67, 'fr'));
  });
});
