import type { UserType } from '../constants';

// EU VAT for a Belgian seller of services to customers (issue 8): who pays Belgian VAT and who is
// invoiced under reverse charge. Pure, so the server (orders) and the cart agree by construction.

/** EU member states as VIES knows them (Greece is 'EL' in VIES, 'GR' as a country). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export const VAT_SCHEMES = ['standard', 'reverse_charge'] as const;
export type VatScheme = (typeof VAT_SCHEMES)[number];

export const VAT_CHECK_STATUSES = ['valid', 'invalid', 'pending'] as const;
/** What VIES said; 'pending' when it could not be asked (the sale goes on at the standard rate). */
export type VatCheckStatus = (typeof VAT_CHECK_STATUSES)[number];

const isEuCountry = (country: string) => (EU_COUNTRIES as readonly string[]).includes(country);

/** Greece's VAT numbers start with EL, its ISO code is GR. */
const toViesCode = (country: string) => (country === 'GR' ? 'EL' : country);
const fromViesCode = (code: string) => (code === 'EL' ? 'GR' : code);

export interface ParsedVatNumber {
  /** ISO country of the number (GR for Greece). */
  country: string;
  /** The code VIES is asked with (EL for Greece). */
  viesCountryCode: string;
  /** The number without its country prefix, letters and digits only. */
  number: string;
  /** Prefix and number, as printed on invoices: FR12345678901. */
  full: string;
}

/**
 * A VAT number as typed (dots, spaces, with or without its prefix) split into VIES' two fields.
 * Without an EU prefix the customer's country is assumed. Null when nothing EU is left.
 */
export function parseVatNumber(raw: string | null | undefined, customerCountry: string): ParsedVatNumber | null {
  const compact = (raw ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!compact) return null;
  const prefix = compact.slice(0, 2);
  const hasPrefix = /^[A-Z]{2}$/.test(prefix) && isEuCountry(fromViesCode(prefix));
  const country = hasPrefix ? fromViesCode(prefix) : customerCountry.toUpperCase();
  const number = hasPrefix ? compact.slice(2) : compact;
  if (!isEuCountry(country) || !/^[A-Z0-9]{2,14}$/.test(number)) return null;
  const viesCountryCode = toViesCode(country);
  return { country, viesCountryCode, number, full: `${viesCountryCode}${number}` };
}

export interface VatCustomer {
  country: string;
  userType: UserType;
  vatNumber: string | null;
  /** The last VIES answer for this number; null when never checked. */
  vatCheck: VatCheckStatus | null;
}

export interface VatTreatment {
  scheme: VatScheme;
  /** The rate that replaces the products' own (0 under reverse charge); null: the products' rate. */
  taxRate: number | null;
  /** The checked number printed on the invoice under reverse charge. */
  buyerVatNumber: string | null;
}

/** Whether the customer's number has to be checked with VIES at all (only cross-border business). */
export function needsViesCheck(customer: Omit<VatCustomer, 'vatCheck'>, sellerCountry: string): boolean {
  if (customer.userType !== 'business') return false;
  const country = customer.country.toUpperCase();
  if (country === sellerCountry || !isEuCountry(country)) return false;
  const parsed = parseVatNumber(customer.vatNumber, country);
  return parsed !== null && parsed.country !== sellerCountry;
}

/**
 * Reverse charge (art. 196 of directive 2006/112/EC) only for a business in another member state
 * whose number VIES confirmed; everyone else (Belgium, individuals, unchecked or refused numbers,
 * outside the EU) pays the product's Belgian rate. An unreachable VIES never blocks a sale.
 */
export function vatTreatment(customer: VatCustomer, sellerCountry = 'BE'): VatTreatment {
  if (needsViesCheck(customer, sellerCountry.toUpperCase()) && customer.vatCheck === 'valid') {
    const parsed = parseVatNumber(customer.vatNumber, customer.country.toUpperCase())!;
    return { scheme: 'reverse_charge', taxRate: 0, buyerVatNumber: parsed.full };
  }
  return { scheme: 'standard', taxRate: null, buyerVatNumber: null };
}

/** The seller's country, from its VAT number's prefix ('BE0123…'); Belgium by default. */
export function sellerCountryOf(sellerVatNumber: string): string {
  const prefix = sellerVatNumber.trim().slice(0, 2).toUpperCase();
  return isEuCountry(fromViesCode(prefix)) ? fromViesCode(prefix) : 'BE';
}
