import type { Language } from '../../shared/i18n/languages';
import { vatTreatment, type VatCustomer } from '../../shared/tax/vat-treatment';
import type { BillingDocumentData, DraftDocumentData } from '../../server/modules/invoices/billing-document';
import { creditNoteData, invoiceData, type DocumentLineSource, type InvoiceSource } from '../../server/modules/invoices/document-data';

// Invoices and credit notes for the document tests, made by the production builders
// (document-data.ts) from an order taxed the way checkout taxes it (vatTreatment): the tests read
// what the shop would issue, never a second copy of how it builds documents.

type Buyer = InvoiceSource['buyer'];

const SELLER: InvoiceSource['seller'] = {
  name: 'HubHost SRL',
  address: 'Rue Royale 1, 1000 Bruxelles, Belgique',
  vatNumber: 'BE0123456749',
  email: 'factures@hubhost.test',
};
const BANK: InvoiceSource['bank'] = { iban: 'BE71096123456769', bic: 'GKCCBEBB', accountHolder: 'HubHost SRL' };

function customer(
  user: Partial<Buyer> & Pick<Buyer, 'full_name' | 'country' | 'address'>,
  vatCheck: VatCustomer['vatCheck'] = null,
): { user: Buyer; vatCheck: VatCustomer['vatCheck'] } {
  const defaults: Omit<Buyer, 'full_name' | 'country' | 'address'> = {
    email: 'client@example.test',
    user_type: 'particulier',
    company_name: null,
    vat_number: null,
    language: 'fr',
    phone: null,
  };
  return { user: { ...defaults, ...user }, vatCheck };
}

/** The customers of each VAT case, as their accounts hold them, and their last VIES answer. */
export const CUSTOMERS = {
  belgianCompany: customer({
    full_name: 'Lucas Martin',
    user_type: 'business',
    company_name: 'PixelForge SRL',
    vat_number: 'BE0477472701',
    address: 'Rue du Marché 42, 1000 Bruxelles',
    country: 'BE',
  }),
  frenchCompany: customer(
    {
      full_name: 'Léa Bernard',
      user_type: 'business',
      company_name: 'Octet SAS',
      vat_number: 'FR12345678901',
      address: '3 rue de la Paix, 75002 Paris',
      country: 'FR',
    },
    'valid',
  ),
  frenchConsumer: customer({ full_name: 'Camille Dubois', address: '8 rue Victor Hugo, 69002 Lyon', country: 'FR' }),
  swissCompany: customer({
    full_name: 'Jonas Keller',
    user_type: 'business',
    company_name: 'Alpen Hosting AG',
    address: 'Bahnhofstrasse 1, 8001 Zürich',
    country: 'CH',
  }),
  americanConsumer: customer({ full_name: 'Jordan Lee', address: '1 Main Street, Springfield, IL 62701', country: 'US' }),
};

export type CustomerName = keyof typeof CUSTOMERS;

export interface LineSpec {
  name: string;
  /** The product's specs, printed under its name (shop.specs labels). */
  specs?: Record<string, string | number>;
  qty?: number;
  unitNetCents: number;
  /** The product's own rate (21 by default); the treatment may replace it. */
  rate?: number;
}

export interface OrderSpec {
  customer?: CustomerName;
  lines?: LineSpec[];
  orderId?: number;
  issuedAt?: string;
  language?: Language;
  method?: NonNullable<InvoiceSource['order']['payment_method']>;
  structuredReference?: string | null;
  servicePeriod?: { from: string; to: string };
}

export const ISSUED_AT = '2026-11-21T10:00:00.000Z';

/** The order and buyer the document builders read, as checkout would have stored them. */
function source(spec: OrderSpec, number: string | null): InvoiceSource {
  const { user, vatCheck } = CUSTOMERS[spec.customer ?? 'belgianCompany'];
  const issuedAt = new Date(spec.issuedAt ?? ISSUED_AT);
  const treatment = vatTreatment(
    { country: user.country, userType: user.user_type, vatNumber: user.vat_number, vatCheck },
    { sellerCountry: 'BE', ossApplies: true, at: issuedAt },
  );
  const lines: DocumentLineSource[] = (
    spec.lines ?? [{ name: 'VPS Performance', specs: { ram: '8 Go', cores: 4 }, qty: 2, unitNetCents: 1599 }]
  ).map((line) => ({
    name: line.name,
    qty: line.qty ?? 1,
    price_cents: line.unitNetCents,
    support_cents: 0,
    margin_cents: 0,
    tax_rate: treatment.taxRate ?? line.rate ?? 21,
    config_products: line.specs ?? {},
  }));
  return {
    order: {
      id: spec.orderId ?? 42,
      currency: 'EUR',
      vat_scheme: treatment.scheme,
      vat_legal_basis: treatment.legalBasis,
      buyer_vat_number: treatment.buyerVatNumber,
      vat_evidence: null,
      payment_method: spec.method ?? 'card',
      provider_ref: null,
      transfer_reference: spec.structuredReference ?? null,
      paid_at: number === null ? null : issuedAt,
      total_cents: 0, // not read: the builders add the lines up
    },
    lines,
    buyer: { ...user, language: spec.language ?? user.language },
    seller: SELLER,
    bank: BANK,
    number,
    issuedAt,
    servicePeriod: spec.servicePeriod ? { from: new Date(spec.servicePeriod.from), to: new Date(spec.servicePeriod.to) } : null,
  };
}

/** The invoice numbered when the order was paid (everything prepaid), as the lifecycle issues it. */
export function issuedInvoice(spec: OrderSpec & { number?: string } = {}): BillingDocumentData {
  return invoiceData(source(spec, spec.number ?? '2026-000042')) as BillingDocumentData;
}

/** The pro forma of the same order while it is unpaid (no number, the whole total due). */
export function proFormaInvoice(spec: OrderSpec = {}): DraftDocumentData {
  return invoiceData(source(spec, null));
}

/** A credit note giving `amountCents` back on `invoice` (all of it by default), to the wallet unless told. */
export function issuedCreditNote(
  invoice: BillingDocumentData,
  spec: { amountCents?: number; number?: string; issuedAt?: string; reason?: string; refundedTo?: 'wallet' | 'payment' } = {},
): BillingDocumentData {
  return creditNoteData({
    invoice,
    number: spec.number ?? 'NC-2026-000007',
    issuedAt: new Date(spec.issuedAt ?? '2026-12-03T09:30:00.000Z'),
    amountCents: spec.amountCents ?? invoice.totals.totalCents,
    creditedBeforeCents: 0,
    reason: spec.reason ?? 'Service interrompu pendant 3 jours',
    refundedTo: spec.refundedTo ?? 'wallet',
  });
}
