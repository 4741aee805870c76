import type { Language } from '../../../shared/i18n/languages';
import type { PaymentMethod } from '../../../shared/constants';
import type { VatSubtotal } from '../../../shared/tax/vat-amounts';
import type { VatCategory, VatLegalBasis, VatScheme } from '../../../shared/tax/vat-treatment';
import type { PeppolId } from '../../shared/peppol-ids';
import type { VatEvidence } from '../../shared/vat-evidence';

// An invoice or a credit note as it was issued: every fact its PDF and its UBL print, frozen in
// the transaction that gave it its number (DESIGN.md §6 "Invoices are immutable"). Nothing is read
// from today's profile, catalogue or settings when a document is rendered again.

export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface PartySnapshot {
  /** Registration name: the company, or the person's full name. */
  name: string;
  /** The person to contact at a company (its account holder's name); null for an individual. */
  contactName: string | null;
  /** The address as the customer typed it, one line, parts separated by commas. */
  address: string;
  /** ISO 3166 alpha-2. */
  country: string;
  /** With its prefix (BE0123456749, EL123456789); null for an individual. */
  vatNumber: string | null;
  /** The legal registration number (a Belgian company's enterprise number, 10 digits), with its scheme. */
  legalId: PeppolId | null;
  /** Where Peppol delivers to this party; null when it has none (a consumer). */
  endpoint: PeppolId | null;
  email: string | null;
  /** The seller's phone (documents issued before it was kept have none). */
  phone?: string | null;
  isBusiness: boolean;
}

export interface DocumentLine {
  /** The product's name (a credit note's own line says what it gives back). */
  name: string;
  /** The product's specifications, in the buyer's language at issue ("RAM : 4 Go · Cœurs : 2"). */
  description: string | null;
  qty: number;
  /** Net price of one unit (spec §9: price + support + margin). */
  unitNetCents: number;
  /** qty × unitNetCents. */
  netCents: number;
  category: VatCategory;
  rate: number;
}

export interface DocumentTotals {
  /** Sum of line nets (BT-106 = BT-109: the shop has no document-level allowances). */
  netCents: number;
  /** VAT rounded per rate (BT-110). */
  taxCents: number;
  /** netCents + taxCents (BT-112). */
  totalCents: number;
  /** Already paid (BT-113): the whole total once the order is settled. */
  prepaidCents: number;
  /** Rounding added to reach the money given back (BT-114): credit notes only, a cent or two. */
  roundingCents: number;
  /** What is still due (BT-115) = totalCents - prepaidCents + roundingCents. */
  payableCents: number;
}

export interface DocumentPayment {
  method: PaymentMethod | null;
  paidAt: string | null;
  /** The provider's payment id (card, PayPal, Mollie) or the staff's reference of a transfer. */
  providerRef: string | null;
  /** Belgian structured communication (+++123/4567/89012+++) of a bank-transfer order. */
  structuredReference: string | null;
  /** The shop's account, printed for transfers. */
  iban: string;
  bic: string;
  accountHolder: string;
}

export interface BillingDocumentData {
  kind: DocumentKind;
  /** 2026-000042 for invoices, NC-2026-000007 for credit notes: two gap-free series. */
  number: string;
  /** ISO timestamp; the document's date is its Brussels calendar day. */
  issuedAt: string;
  orderId: number;
  /** BT-10: what the buyer knows the order by (the order reference shown in the panel). */
  buyerReference: string;
  currency: string;
  language: Language;
  seller: PartySnapshot;
  buyer: PartySnapshot;
  vatScheme: VatScheme;
  /** The article cited when no VAT is charged (reverse charge, outside the EU). */
  legalBasis: VatLegalBasis | null;
  lines: DocumentLine[];
  vat: VatSubtotal[];
  totals: DocumentTotals;
  payment: DocumentPayment;
  /** A renewal invoice: the period of service it pays for (ISO dates). */
  servicePeriod: { from: string; to: string } | null;
  /** Credit notes: the invoice corrected (BT-25/BT-26) and why. */
  corrects: { number: string; issuedAt: string } | null;
  reason: string | null;
  /** Where the customer was (OSS evidence): billing country, phone prefix, the VIES answer. */
  evidence: VatEvidence;
}

/** The same facts before a number is given: the pro forma of an unpaid order (number null). */
export type DraftDocumentData = Omit<BillingDocumentData, 'number'> & { number: string | null };
