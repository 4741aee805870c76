import type { UserType } from '../constants';
import { standardRateOn } from './eu-vat-rates';

// EU VAT for a Belgian seller of electronically supplied services: which state's VAT a customer
// pays, at which rate, or why none. Pure, so the server (orders, invoices) and the cart agree by construction.

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

/**
 * standard: the seller's own VAT (a Belgian customer, or any EU consumer while OSS is off);
 * reverse_charge: an EU business whose number VIES confirmed; oss: an EU consumer taxed at their
 * state's rate; outside_scope: a customer outside the EU.
 */
export const VAT_SCHEMES = ['standard', 'reverse_charge', 'oss', 'outside_scope'] as const;
export type VatScheme = (typeof VAT_SCHEMES)[number];

/** EN 16931 VAT category codes (UNCL5305) the shop uses: standard rate, reverse charge, not subject to VAT. */
export const VAT_CATEGORIES = ['S', 'AE', 'O'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

/** Why a document charges no VAT: the legal article its mention cites and the EN 16931 exemption code. */
export const VAT_LEGAL_BASES = ['art196', 'art44', 'art59'] as const;
export type VatLegalBasis = (typeof VAT_LEGAL_BASES)[number];

export const VAT_CHECK_STATUSES = ['valid', 'invalid', 'pending'] as const;
/** What VIES said; 'pending' when it could not be asked (the sale goes on as to a consumer). */
export type VatCheckStatus = (typeof VAT_CHECK_STATUSES)[number];

export const isEuCountry = (country: string) => (EU_COUNTRIES as readonly string[]).includes(country);

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
  category: VatCategory;
  /** The rate that replaces the products' own (the consumer's state under OSS, 0 without VAT); null: the products' rate. */
  taxRate: number | null;
  /** The member state whose VAT is charged (the seller's, or the consumer's under OSS); null when none is. */
  taxCountry: string | null;
  /** The checked number printed on the invoice under reverse charge. */
  buyerVatNumber: string | null;
  /** The article a document without VAT cites (its mention and its exemption reason code). */
  legalBasis: VatLegalBasis | null;
}

export interface VatSettings {
  sellerCountry: string;
  /**
   * Whether EU consumers pay their own state's VAT (OSS). A seller whose cross-border sales to EU
   * consumers stay under 10,000 euros a year may charge its own VAT instead (art. 59c).
   */
  ossApplies: boolean;
  /** The day the rate is taken for (the rates change; an order is taxed on the day it is placed). */
  at: Date;
}

/** Whether the customer's number has to be checked with VIES at all (only cross-border business). */
export function needsViesCheck(customer: Omit<VatCustomer, 'vatCheck'>, sellerCountry: string): boolean {
  if (customer.userType !== 'business') return false;
  const country = customer.country.toUpperCase();
  if (country === sellerCountry || !isEuCountry(country)) return false;
  const parsed = parseVatNumber(customer.vatNumber, country);
  return parsed !== null && parsed.country !== sellerCountry;
}

/** EN 16931 exemption reason codes (VATEX) of the articles. */
export const VATEX_CODES: Readonly<Record<VatLegalBasis, string>> = {
  art196: 'VATEX-EU-AE',
  art44: 'VATEX-EU-O',
  art59: 'VATEX-EU-O',
};

/**
 * The place-of-supply rules for an electronically supplied service sold by a seller in
 * `sellerCountry` (DESIGN.md §6 "VAT by place of supply"), in one pure function for cart, server,
 * PDF and UBL:
 *   - a customer in the seller's state: the seller's VAT, the products' rate (category S);
 *   - a business in another member state whose number VIES confirmed: reverse charge (AE, 0 %,
 *     art. 196); an unconfirmed number (refused, or VIES unreachable) is sold to as a consumer;
 *   - a consumer in another member state: that state's standard rate under OSS (S), or the
 *     seller's own VAT when the seller says it is under the threshold;
 *   - a customer outside the EU: outside the scope of EU VAT (O, 0 %; art. 44 for a business,
 *     art. 59 for a consumer).
 */
export function vatTreatment(customer: VatCustomer, settings: Partial<VatSettings> = {}): VatTreatment {
  const sellerCountry = (settings.sellerCountry ?? 'BE').toUpperCase();
  const country = customer.country.trim().toUpperCase();
  const own: VatTreatment = {
    scheme: 'standard',
    category: 'S',
    taxRate: null,
    taxCountry: sellerCountry,
    buyerVatNumber: null,
    legalBasis: null,
  };
  if (country === sellerCountry) return own;
  if (!isEuCountry(country)) {
    const legalBasis = customer.userType === 'business' ? 'art44' : 'art59';
    return { scheme: 'outside_scope', category: 'O', taxRate: 0, taxCountry: null, buyerVatNumber: null, legalBasis };
  }
  if (needsViesCheck(customer, sellerCountry) && customer.vatCheck === 'valid') {
    const parsed = parseVatNumber(customer.vatNumber, country)!;
    return { scheme: 'reverse_charge', category: 'AE', taxRate: 0, taxCountry: null, buyerVatNumber: parsed.full, legalBasis: 'art196' };
  }
  if (settings.ossApplies === false) return own;
  const rate = standardRateOn(country, settings.at ?? new Date());
  if (rate === null) return own;
  return { scheme: 'oss', category: 'S', taxRate: rate, taxCountry: country, buyerVatNumber: null, legalBasis: null };
}

/** The seller's country, from its VAT number's prefix ('BE0123…'); Belgium by default. */
export function sellerCountryOf(sellerVatNumber: string): string {
  const prefix = sellerVatNumber.trim().slice(0, 2).toUpperCase();
  return isEuCountry(fromViesCode(prefix)) ? fromViesCode(prefix) : 'BE';
}
