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

describe('vatTreatment (seller in Belgium)', () => {
  it('Belgian business and Belgian individual: standard, the product rate', () => {
    expect(vatTreatment(business({ country: 'BE', vatNumber: 'BE0987654321' }))).toEqual({
      scheme: 'standard',
      taxRate: null,
      buyerVatNumber: null,
    });
    expect(vatTreatment({ country: 'BE', userType: 'particulier', vatNumber: null, vatCheck: null }).scheme).toBe('standard');
  });
  it('business in another member state with a number VIES confirmed: reverse charge at 0 %', () => {
    expect(vatTreatment(business())).toEqual({ scheme: 'reverse_charge', taxRate: 0, buyerVatNumber: 'FR12345678901' });
  });
  it('invalid or pending check, or no check yet: standard (the sale is never blocked)', () => {
    for (const vatCheck of ['invalid', 'pending', null] as const) expect(vatTreatment(business({ vatCheck })).scheme).toBe('standard');
  });
  it('an individual in another member state: standard', () => {
    expect(vatTreatment(business({ userType: 'particulier' })).scheme).toBe('standard');
  });
  it('outside the EU: standard (no OSS destination rates)', () => {
    expect(vatTreatment(business({ country: 'CH', vatNumber: 'CHE123456789' })).scheme).toBe('standard');
    expect(vatTreatment(business({ country: 'US', vatNumber: '12-3456789' })).scheme).toBe('standard');
  });
  it('a French company with a Belgian number is treated as Belgian', () => {
    expect(vatTreatment(business({ vatNumber: 'BE0987654321' })).scheme).toBe('standard');
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
