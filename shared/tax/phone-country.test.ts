import { describe, expect, it } from 'vitest';
import { phoneCountry } from './phone-country';

describe('phoneCountry (OSS location evidence)', () => {
  it('reads the international prefix, longest first', () => {
    expect(phoneCountry('+33 6 12 34 56 78')).toEqual({ prefix: '+33', country: 'FR' });
    expect(phoneCountry('0032 470 12 34 56')).toEqual({ prefix: '+32', country: 'BE' });
    expect(phoneCountry('+352 621 123 456')).toEqual({ prefix: '+352', country: 'LU' });
    expect(phoneCountry('+1 (415) 555-0100')).toEqual({ prefix: '+1', country: 'US' });
  });
  it('is null without an international prefix, and keeps an unknown one without a country', () => {
    expect(phoneCountry('0470 12 34 56')).toBeNull();
    expect(phoneCountry(null)).toBeNull();
    expect(phoneCountry('+81 3 1234 5678')).toEqual({ prefix: '+81', country: null });
  });
});
