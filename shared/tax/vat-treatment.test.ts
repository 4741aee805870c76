import { describe, expect, it } from 'vitest';
import { needsViesCheck, parseVatNumber, sellerCountryOf, vatTreatment, type VatCustomer } from './vat-treatment';

const business = (overrides: Partial<VatCustomer> = {}): VatCustomer => ({
  country: 'FR',
  userType: 'business',
  vatNumber: 'FR 12 345 678 901',
  vatCheck: 'valid',
  ...overrides,
});

describe('parseVatNumber', () => {
  it('splits prefix and number, dropping dots and spaces', () => {
    expect(parseVatNumber('fr 12.345.678.901', 'BE')).toEqual({
      country: 'FR',
      viesCountryCode: 'FR',
      number: '12345678901',
      full: 'FR12345678901',
    });
  });
  it('assumes the customer country without a prefix, and maps Greece to EL', () => {
    expect(parseVatNumber('0123.456.789', 'BE')?.full).toBe('BE0123456789');
    expect(parseVatNumber('EL123456789', 'GR')).toMatchObject({ country: 'GR', viesCountryCode: 'EL' });
    expect(parseVatNumber('123456789', 'GR')?.full).toBe('EL123456789');
  });
  it('is null for empty or non-EU numbers', () => {
    expect(parseVatNumber(null, 'FR')).toBeNull();
    expect(parseVatNumber(' ', 'FR')).toBeNull();
    expect(parseVatNumber('123456789', 'CH')).toBeNull();
  });
});

const AT = new Date('2026-03-01T12:00:00Z');
const settings = { sellerCountry: 'BE', ossApplies: true, at: AT };
const consumer = (country: string): VatCustomer => ({ country, userType: 'particulier', vatNumber: null, vatCheck: null });

describe('vatTreatment: place of supply of an electronically supplied service (seller in Belgium)', () => {
  it("Belgian business and Belgian individual: Belgian VAT at the products' rate (S)", () => {
    expect(vatTreatment(business({ country: 'BE', vatNumber: 'BE0987654321' }), settings)).toEqual({
      scheme: 'standard',
      category: 'S',
      taxRate: null,
      taxCountry: 'BE',
      buyerVatNumber: null,
      legalBasis: null,
    });
    expect(vatTreatment(consumer('BE'), settings).scheme).toBe('standard');
  });
  it('business in another member state with a number VIES confirmed: reverse charge (AE, 0 %, art. 196)', () => {
    expect(vatTreatment(business(), settings)).toEqual({
      scheme: 'reverse_charge',
      category: 'AE',
      taxRate: 0,
      taxCountry: null,
      buyerVatNumber: 'FR12345678901',
      legalBasis: 'art196',
    });
  });
  it("an EU consumer pays their own state's standard rate under OSS (FR 20, NL 21, PL 23, FI 25.5, LU 17)", () => {
    const rates = ['FR', 'NL', 'PL', 'FI', 'LU', 'GR'].map((c) => [c, vatTreatment(consumer(c), settings).taxRate]);
    expect(rates).toEqual([
      ['FR', 20],
      ['NL', 21],
      ['PL', 23],
      ['FI', 25.5],
      ['LU', 17],
      ['GR', 24],
    ]);
    expect(vatTreatment(consumer('FR'), settings)).toMatchObject({ scheme: 'oss', category: 'S', taxCountry: 'FR', legalBasis: null });
  });
  it('a business whose number VIES refused, or could not check, is sold to as a consumer (OSS); the sale is never blocked', () => {
    for (const vatCheck of ['invalid', 'pending', null] as const) {
      expect(vatTreatment(business({ vatCheck }), settings)).toMatchObject({ scheme: 'oss', taxRate: 20, buyerVatNumber: null });
    }
  });
  it('with OSS off (a seller under the EU threshold), EU consumers pay Belgian VAT', () => {
    expect(vatTreatment(consumer('FR'), { ...settings, ossApplies: false })).toMatchObject({
      scheme: 'standard',
      taxRate: null,
      taxCountry: 'BE',
    });
    expect(vatTreatment(business(), { ...settings, ossApplies: false }).scheme).toBe('reverse_charge');
  });
  it('outside the EU: out of scope (O, 0 %), art. 44 for a business and art. 59 for a consumer', () => {
    expect(vatTreatment(business({ country: 'US', vatNumber: '12-3456789' }), settings)).toEqual({
      scheme: 'outside_scope',
      category: 'O',
      taxRate: 0,
      taxCountry: null,
      buyerVatNumber: null,
      legalBasis: 'art44',
    });
    expect(vatTreatment(consumer('CH'), settings)).toMatchObject({ category: 'O', legalBasis: 'art59' });
  });
  it('takes the rate in force on the day: Romania 19 % before 1 August 2025, 21 % from that day (Brussels time)', () => {
    expect(vatTreatment(consumer('RO'), { ...settings, at: new Date('2025-07-31T21:59:00Z') }).taxRate).toBe(19);
    expect(vatTreatment(consumer('RO'), { ...settings, at: new Date('2025-07-31T22:00:00Z') }).taxRate).toBe(21);
  });
  it('a French company with a Belgian number is sold to as a French consumer would be (no cross-border number to confirm)', () => {
    expect(vatTreatment(business({ vatNumber: 'BE0987654321' }), settings).scheme).toBe('oss');
  });
});

describe('needsViesCheck and sellerCountryOf', () => {
  it('only cross-border EU businesses with a number are checked', () => {
    expect(needsViesCheck(business(), 'BE')).toBe(true);
    expect(needsViesCheck(business({ country: 'BE', vatNumber: 'BE0987654321' }), 'BE')).toBe(false);
    expect(needsViesCheck(business({ userType: 'particulier' }), 'BE')).toBe(false);
    expect(needsViesCheck(business({ vatNumber: null }), 'BE')).toBe(false);
  });
  it('reads the seller country from its VAT number', () => {
    expect(sellerCountryOf('BE0123456789')).toBe('BE');
    expect(sellerCountryOf('BE0XXX.XXX.XXX')).toBe('BE');
    expect(sellerCountryOf('???')).toBe('BE');
  });
});
