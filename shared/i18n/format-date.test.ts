import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-date';
import { LANGUAGES } from './languages';

describe('formatLongDate', () => {
  for (const lng of LANGUAGES) {
    it(`writes every day of a leap year in ${lng} as Intl.DateTimeFormat does`, () => {
      const intl = new Intl.DateTimeFormat(lng, { dateStyle: 'long' });
      for (let day = 0; day < 366; day++) {
        const date = new Date(2028, 0, 1 + day, 23, 59);
        expect(formatLongDate(date, lng)).toBe(intl.format(date));
      }
    });
  }

  it('leaves other languages and dates outside four-digit years to Intl', () => {
    const date = new Date(2026, 10, 24);
    expect(formatLongDate(date, 'de')).toBe(new Intl.DateTimeFormat('de', { dateStyle: 'long' }).format(date));
    expect(formatLongDate(new Date(12_000, 0, 1), 'fr')).toBe(
      new Intl.DateTimeFormat('fr', { dateStyle: 'long' }).format(new Date(12_000, 0, 1)),
    );
  });
});
