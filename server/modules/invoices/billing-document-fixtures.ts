import type { Language } from '../../../shared/i18n/languages';
import { creditAmounts, documentAmounts } from '../../../shared/tax/vat-amounts';
import { vatTreatment, type VatCustomer } from '../../../shared/tax/vat-treatment';
import type { BillingDocumentData, DocumentLine, PartySnapshot } from './billing-document';

// Test fixtures: issued documents as the lifecycle freezes them, their amounts computed by the
// shared VAT maths (vatTreatment, documentAmounts, creditAmounts) so every figure is a real one.

export const SELLER: PartySnapshot = {
  name: 'HubHost SRL',
  contactName: null,
  address: 'Rue Royale 1, 1000 Bruxelles, Belgique',
  country: 'BE',
  vatNumber: 'BE0123456749',
  legalId: { scheme: '0208', id: '0123456749' },
  endpoint: { scheme: '0208', id: '0123456749' },
  email: 'factures@hubhost.test',
  isBusiness: true,
};

const party = (p: Partial<PartySnapshot> & Pick<PartySnapshot, 'name' | 'country'>): PartySnapshot => ({
  contactName: null,
  address: '',
  vatNumber: null,
  legalId: null,
  endpoint: null,
  email: 'client@example.test',
  isBusiness: false,
  ...p,
});

/** The customers of each VAT case, with what vatTreatment is told about them. */
export const CUSTOMERS = {
  belgianCompany: {
    party: party({
      name: 'PixelForge SRL',
      contactName: 'Lucas Martin',
      address: 'Rue du Marché 42, 1000 Bruxelles',
      country: 'BE',
      vatNumber: 'BE0987654321',
      legalId: { scheme: '0208', id: '0987654321' },
      endpoint: { scheme: '0208', id: '0987654321' },
      isBusiness: true,
    }),
    vat: { country: 'BE', userType: 'business', vatNumber: 'BE0987654321', vatCheck: null },
  },
  frenchCompany: {
    party: party({
      name: 'Octet SAS',
      contactName: 'Léa Bernard',
      address: '3 rue de la Paix, 75002 Paris',
      country: 'FR',
      vatNumber: 'FR12345678901',
      isBusiness: true,
    }),
    vat: { country: 'FR', userType: 'business', vatNumber: 'FR12345678901', vatCheck: 'valid' },
  },
  frenchConsumer: {
    party: party({ name: 'Camille Dubois', address: '8 rue Victor Hugo, 69002 Lyon', country: 'FR' }),
    vat: { country: 'FR', userType: 'particulier', vatNumber: null, vatCheck: null },
  },
  swissCompany: {
    party: party({
      name: 'Alpen Hosting AG',
      contactName: 'Jonas Keller',
      address: 'Bahnhofstrasse 1, 8001 Zürich',
      country: 'CH',
      isBusiness: true,
    }),
    vat: { country: 'CH', userType: 'business', vatNumber: null, vatCheck: null },
  },
  americanConsumer: {
    party: party({ name: 'Jordan Lee', address: '1 Main Street, Springfield, IL 62701', country: 'US' }),
    vat: { country: 'US', userType: 'particulier', vatNumber: null, vatCheck: null },
  },
} satisfies Record<string, { party: PartySnapshot; vat: VatCustomer }>;

export type CustomerName = keyof typeof CUSTOMERS;

export interface LineSpec {
  name: string;
  description?: string | null;
  qty?: number;
  unitNetCents: number;
  /** The product's own rate (21 by default); the treatment may replace it. */
  rate?: number;
}

export interface InvoiceSpec {
  customer?: CustomerName;
  lines?: LineSpec[];
  number?: string;
  issuedAt?: string;
  orderId?: number;
  language?: Language;
  paid?: boolean;
  method?: BillingDocumentData['payment']['method'];
  structuredReference?: string | null;
  servicePeriod?: BillingDocumentData['servicePeriod'];
}

export const ISSUED_AT = '2026-11-21T10:00:00.000Z';

/** An issued invoice (paid by default), taxed the way vatTreatment says for its customer. */
export function invoiceData(spec: InvoiceSpec = {}): BillingDocumentData {
  const customer = CUSTOMERS[spec.customer ?? 'belgianCompany'];
  const treatment = vatTreatment(customer.vat, { sellerCountry: 'BE', ossApplies: true, at: new Date(ISSUED_AT) });
  const lines: DocumentLine[] = (
    spec.lines ?? [{ name: 'VPS Performance', description: 'RAM : 8 Go  ·  Cœurs : 4', qty: 2, unitNetCents: 1599 }]
  ).map((line) => {
    const qty = line.qty ?? 1;
    return {
      name: line.name,
      description: line.description ?? null,
      qty,
      unitNetCents: line.unitNetCents,
      netCents: qty * line.unitNetCents,
      category: treatment.category,
      rate: treatment.taxRate ?? line.rate ?? 21,
    };
  });
  const amounts = documentAmounts(lines);
  const paid = spec.paid ?? true;
  const issuedAt = spec.issuedAt ?? ISSUED_AT;
  const prepaidCents = paid ? amounts.totalCents : 0;
  const orderId = spec.orderId ?? 42;
  return {
    kind: 'invoice',
    number: spec.number ?? '2026-000042',
    issuedAt,
    orderId,
    buyerReference: String(orderId),
    currency: 'EUR',
    language: spec.language ?? 'fr',
    seller: SELLER,
    buyer: treatment.buyerVatNumber ? { ...customer.party, vatNumber: treatment.buyerVatNumber } : customer.party,
    vatScheme: treatment.scheme,
    legalBasis: treatment.legalBasis,
    lines,
    vat: amounts.subtotals,
    totals: {
      netCents: amounts.netCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      prepaidCents,
      roundingCents: 0,
      payableCents: amounts.totalCents - prepaidCents,
    },
    payment: {
      method: spec.method ?? 'card',
      paidAt: paid ? issuedAt : null,
      providerRef: null,
      structuredReference: spec.structuredReference ?? null,
      iban: 'BE71096123456769',
      bic: 'GKCCBEBB',
      accountHolder: 'HubHost SRL',
    },
    servicePeriod: spec.servicePeriod ?? null,
    corrects: null,
    reason: null,
    evidence: { billingCountry: customer.party.country, phonePrefix: null, phoneCountry: null, vies: null },
  };
}

/** A credit note giving `grossCents` back on `invoice` (all of it by default): one line per rate credited. */
export function creditNoteData(
  invoice: BillingDocumentData,
  spec: {
    grossCents?: number;
    number?: string;
    issuedAt?: string;
    reason?: string;
    method?: BillingDocumentData['payment']['method'];
  } = {},
): BillingDocumentData {
  const amounts = creditAmounts(invoice.vat, spec.grossCents ?? invoice.totals.totalCents);
  const issuedAt = spec.issuedAt ?? '2026-12-03T09:30:00.000Z';
  const lines: DocumentLine[] = amounts.subtotals.map((s) => ({
    name: `Remboursement sur la facture ${invoice.number}`,
    description: null,
    qty: 1,
    unitNetCents: s.baseCents,
    netCents: s.baseCents,
    category: s.category,
    rate: s.rate,
  }));
  return {
    ...invoice,
    kind: 'credit_note',
    number: spec.number ?? 'NC-2026-000007',
    issuedAt,
    lines,
    vat: amounts.subtotals,
    totals: {
      netCents: amounts.netCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      prepaidCents: 0,
      roundingCents: amounts.roundingCents,
      payableCents: amounts.payableCents,
    },
    payment: { ...invoice.payment, method: spec.method ?? 'wallet', paidAt: issuedAt, providerRef: null, structuredReference: null },
    servicePeriod: null,
    corrects: { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: spec.reason ?? 'Service interrompu pendant 3 jours',
  };
}
