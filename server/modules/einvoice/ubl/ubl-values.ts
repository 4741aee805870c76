import type { PaymentMethod } from '../../../../shared/constants';
import { brusselsDay } from '../../../../shared/tax/eu-vat-rates';
import { VATEX_CODES, type VatCategory, type VatLegalBasis } from '../../../../shared/tax/vat-treatment';

// The values a UBL document writes, from the shop's own: amounts, dates, rates, codes.

/** Cents as the decimal UBL amounts carry, always two decimals (BR-DEC-*): 1234 -> "12.34", -5 -> "-0.05". */
export function amount(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`amount in cents must be an integer: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate as a UBL percent: 21 -> "21", 25.5 -> "25.5" (never a float tail like 25.499999). */
export function percent(rate: number): string {
  return String(Math.round(rate * 100) / 100);
}

/** The document's date: the Brussels calendar day of a timestamp; an ISO date is kept as it is. */
export function dayOf(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new Error(`not a date: ${value}`);
  return brusselsDay(at);
}

/** A VAT number as printed in UBL: upper case, no spaces or dots (BE 0123.456.749 -> BE0123456749). */
export function compactVatNumber(vatNumber: string): string {
  return vatNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export interface PaymentMeansCode {
  /** UNCL 4461. */
  code: string;
  /** The optional name attribute: what the code means here. */
  name: string;
}

/**
 * UNCL 4461 for each way the shop is paid: 58 SEPA credit transfer; 48 bank card (Stripe takes
 * credit and debit cards alike, 48 covers both); 68 online payment service (PayPal, and Mollie,
 * whose checkout may be Bancontact, iDEAL or a card); 97 clearing between partners for the
 * customer's prepaid balance, which is set off against what the customer owes.
 */
export const PAYMENT_MEANS: Readonly<Record<PaymentMethod, PaymentMeansCode>> = {
  bank_transfer: { code: '58', name: 'SEPA credit transfer' },
  card: { code: '48', name: 'Bank card' },
  paypal: { code: '68', name: 'PayPal' },
  mollie: { code: '68', name: 'Mollie' },
  wallet: { code: '97', name: 'Customer account balance' },
};

/**
 * The exemption reason (BT-120) of a VAT breakdown without VAT, with the article it rests on;
 * its code (BT-121) is the VATEX code of the same article. English: a text for accounting
 * software, next to the code that carries the meaning (the PDF embedded in the document prints
 * the mention in the buyer's language).
 */
export const EXEMPTION_REASONS: Readonly<Record<VatLegalBasis, string>> = {
  art196: 'Reverse charge: VAT to be paid by the customer (Article 196 of Council Directive 2006/112/EC)',
  art44: 'Not subject to EU VAT: service supplied to a business established outside the EU (Article 44 of Council Directive 2006/112/EC)',
  art59: 'Not subject to EU VAT: service supplied to a customer outside the EU (Article 59 of Council Directive 2006/112/EC)',
};

/** The legal basis of a category without VAT when the document does not name one. */
const DEFAULT_BASIS: Readonly<Record<Exclude<VatCategory, 'S'>, VatLegalBasis>> = { AE: 'art196', O: 'art44' };

export function exemptionOf(category: VatCategory, legalBasis: VatLegalBasis | null): { code: string; reason: string } | null {
  if (category === 'S') return null;
  const basis = legalBasis && VATEX_CODES[legalBasis] === `VATEX-EU-${category}` ? legalBasis : DEFAULT_BASIS[category];
  return { code: VATEX_CODES[basis], reason: EXEMPTION_REASONS[basis] };
}
