import type { UserType } from '../../shared/constants';
import type { Language } from '../../shared/i18n/languages';
import { orderTransferReference } from '../../shared/payments/structured-reference';
import { creditAmounts, documentAmounts } from '../../shared/tax/vat-amounts';
import { vatTreatment, type VatCheckStatus } from '../../shared/tax/vat-treatment';
import type { BillingDocumentData, DocumentLine, DocumentPayment, PartySnapshot } from '../../server/modules/invoices/billing-document';
import { legalIdOf, peppolEndpointOf } from '../../server/shared/peppol-ids';

// Issued invoices and credit notes as the shop freezes them (BillingDocumentData), one per case
// the e-invoice must get right: each VAT scheme, each way of paying, a renewal, a partial refund
// with its rounding cent and a full cancellation. Every amount comes from the shared VAT functions
// (vatTreatment, documentAmounts, creditAmounts), as the order and invoice services compute them.

const BELGIAN_RATE = 21;

export const SELLER: PartySnapshot = {
  name: 'HubHost SRL',
  contactName: null,
  address: "Rue de l'Exemple 1, 1000 Bruxelles, Belgique",
  country: 'BE',
  vatNumber: 'BE0123456749',
  legalId: legalIdOf({ vatNumber: 'BE0123456749', country: 'BE' }),
  endpoint: peppolEndpointOf({ vatNumber: 'BE0123456749', country: 'BE' }),
  email: 'billing@hubhost.example',
  isBusiness: true,
};

const BANK = { iban: 'BE71096123456769', bic: 'GKCCBEBB', accountHolder: 'HubHost SRL' };

interface Customer {
  name: string;
  address: string;
  country: string;
  email: string;
  language: Language;
  userType: UserType;
  /** A company's VAT number and its last VIES answer. */
  vat?: { number: string; check: VatCheckStatus };
  contactName?: string;
}

interface ProductLine {
  name: string;
  description: string | null;
  qty: number;
  unitNetCents: number;
}

interface InvoiceCase {
  number: string;
  issuedAt: string;
  orderId: number;
  customer: Customer;
  lines: ProductLine[];
  payment: Pick<DocumentPayment, 'method' | 'providerRef'> & { structuredReference?: string };
  paidAt?: string;
  servicePeriod?: { from: string; to: string };
}

function buyerOf(customer: Customer): PartySnapshot {
  const business = customer.userType === 'business';
  const vatNumber = business ? (customer.vat?.number ?? null) : null;
  return {
    name: customer.name,
    contactName: customer.contactName ?? null,
    address: customer.address,
    country: customer.country,
    vatNumber,
    legalId: business ? legalIdOf({ vatNumber, country: customer.country }) : null,
    endpoint: business ? peppolEndpointOf({ vatNumber, country: customer.country }) : null,
    email: customer.email,
    isBusiness: business,
  };
}

function invoice(spec: InvoiceCase): BillingDocumentData {
  const { customer } = spec;
  const treatment = vatTreatment(
    {
      country: customer.country,
      userType: customer.userType,
      vatNumber: customer.vat?.number ?? null,
      vatCheck: customer.vat?.check ?? null,
    },
    { sellerCountry: 'BE', ossApplies: true, at: new Date(spec.issuedAt) },
  );
  const rate = treatment.taxRate ?? BELGIAN_RATE;
  const lines: DocumentLine[] = spec.lines.map((line) => ({
    ...line,
    netCents: line.qty * line.unitNetCents,
    category: treatment.category,
    rate,
  }));
  const amounts = documentAmounts(lines);
  return {
    kind: 'invoice',
    number: spec.number,
    issuedAt: spec.issuedAt,
    orderId: spec.orderId,
    buyerReference: `ORDER-${spec.orderId}`,
    currency: 'EUR',
    language: customer.language,
    seller: SELLER,
    buyer: buyerOf(customer),
    vatScheme: treatment.scheme,
    legalBasis: treatment.legalBasis,
    lines,
    vat: amounts.subtotals,
    // Invoices are numbered when the order is paid: the whole total is already paid.
    totals: {
      netCents: amounts.netCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      prepaidCents: amounts.totalCents,
      roundingCents: 0,
      payableCents: 0,
    },
    payment: {
      method: spec.payment.method,
      paidAt: spec.paidAt ?? spec.issuedAt,
      providerRef: spec.payment.providerRef,
      structuredReference: spec.payment.structuredReference ?? null,
      ...BANK,
    },
    servicePeriod: spec.servicePeriod ?? null,
    corrects: null,
    reason: null,
    evidence: {
      billingCountry: customer.country,
      phonePrefix: null,
      phoneCountry: null,
      vies: customer.vat
        ? { status: customer.vat.check, number: customer.vat.number, checkedAt: spec.issuedAt, name: customer.name }
        : null,
    },
  };
}

/**
 * A credit note for `grossCents` given back on `original` (its whole total: a cancellation). Its
 * lines are the credited part of each VAT row of the invoice, as creditAmounts splits it.
 */
function creditNote(
  original: BillingDocumentData,
  spec: { number: string; issuedAt: string; grossCents: number; reason: string; providerRef: string | null },
): BillingDocumentData {
  const credit = creditAmounts(original.vat, spec.grossCents);
  const full = spec.grossCents === original.totals.totalCents;
  const lines: DocumentLine[] = full
    ? original.lines.map((line) => ({ ...line, name: `Cancellation: ${line.name}` }))
    : credit.subtotals.map((row) => ({
        name: `Partial refund of invoice ${original.number}`,
        description: original.lines.map((line) => line.name).join(', '),
        qty: 1,
        unitNetCents: row.baseCents,
        netCents: row.baseCents,
        category: row.category,
        rate: row.rate,
      }));
  return {
    ...original,
    kind: 'credit_note',
    number: spec.number,
    issuedAt: spec.issuedAt,
    lines,
    vat: credit.subtotals,
    // The money goes back when the note is issued: nothing of it is paid yet.
    totals: {
      netCents: credit.netCents,
      taxCents: credit.taxCents,
      totalCents: credit.totalCents,
      prepaidCents: 0,
      roundingCents: credit.roundingCents,
      payableCents: credit.payableCents,
    },
    payment: { ...original.payment, providerRef: spec.providerRef, paidAt: null },
    servicePeriod: null,
    corrects: { number: original.number, issuedAt: original.issuedAt },
    reason: spec.reason,
  };
}

const VPS = { name: 'VPS Starter', description: 'RAM : 4 Go · Cœurs : 2 · Stockage : 80 Go', qty: 1, unitNetCents: 1299 };
const GAME = { name: 'Serveur Minecraft 8 Go', description: 'RAM : 8 Go · Joueurs : 40', qty: 2, unitNetCents: 1549 };

const beIndividual = invoice({
  number: '2026-000101',
  issuedAt: '2026-03-14T23:30:00.000Z',
  orderId: 101,
  customer: {
    name: 'Jeanne Dupont',
    address: 'Avenue Louise 54, 1050 Ixelles, Belgique',
    country: 'BE',
    email: 'jeanne@example.be',
    language: 'fr',
    userType: 'particulier',
  },
  lines: [VPS],
  payment: { method: 'card', providerRef: 'pi_3Qx1BE' },
});

const beBusiness = invoice({
  number: '2026-000102',
  issuedAt: '2026-03-15T09:00:00.000Z',
  orderId: 102,
  customer: {
    name: 'Studio Pixel BV',
    contactName: 'Pieter Janssens',
    address: 'Meir 10, 2000 Antwerpen, België',
    country: 'BE',
    email: 'boekhouding@studiopixel.example',
    language: 'nl',
    userType: 'business',
    vat: { number: 'BE 0202.239.951', check: 'valid' },
  },
  lines: [VPS, GAME],
  payment: { method: 'paypal', providerRef: '5O190127TN364715T' },
});

const frReverseCharge = invoice({
  number: '2026-000103',
  issuedAt: '2026-03-16T10:00:00.000Z',
  orderId: 103,
  customer: {
    name: 'Hébergement Martin SAS',
    contactName: 'Claire Martin',
    address: '12 rue de Rivoli, 75004 Paris, France',
    country: 'FR',
    email: 'compta@martin.example',
    language: 'fr',
    userType: 'business',
    vat: { number: 'FR40303265045', check: 'valid' },
  },
  lines: [GAME],
  payment: { method: 'mollie', providerRef: 'tr_WDqYK6vllg' },
});

export const DOCUMENT_FIXTURES: Readonly<Record<string, BillingDocumentData>> = {
  'BE individual (21 %, card)': beIndividual,
  'BE business (0208, PayPal)': beBusiness,
  'FR business, reverse charge (AE, Mollie)': frReverseCharge,
  'FR consumer (OSS 20 %, Mollie)': invoice({
    number: '2026-000104',
    issuedAt: '2026-03-17T10:00:00.000Z',
    orderId: 104,
    customer: {
      name: 'Luc Bernard',
      address: '5 place Bellecour, 69002 Lyon, France',
      country: 'FR',
      email: 'luc.bernard@example.fr',
      language: 'fr',
      userType: 'particulier',
    },
    lines: [VPS],
    payment: { method: 'mollie', providerRef: 'tr_7UhSN1zuXS' },
  }),
  'NL consumer (OSS 21 %, PayPal)': invoice({
    number: '2026-000105',
    issuedAt: '2026-03-18T10:00:00.000Z',
    orderId: 105,
    customer: {
      name: 'Sanne de Vries',
      address: 'Damrak 1, 1012 LG Amsterdam, Nederland',
      country: 'NL',
      email: 'sanne@example.nl',
      language: 'nl',
      userType: 'particulier',
    },
    lines: [GAME],
    payment: { method: 'paypal', providerRef: '8AB12345CD678901E' },
  }),
  'PL consumer (OSS 23 %, card)': invoice({
    number: '2026-000106',
    issuedAt: '2026-03-19T10:00:00.000Z',
    orderId: 106,
    customer: {
      name: 'Katarzyna Nowak',
      address: 'ul. Marszałkowska 10, 00-590 Warszawa, Polska',
      country: 'PL',
      email: 'k.nowak@example.pl',
      language: 'pl',
      userType: 'particulier',
    },
    lines: [VPS, GAME],
    payment: { method: 'card', providerRef: 'pi_3Qx1PL' },
  }),
  'US business, outside the scope of EU VAT (O, card)': invoice({
    number: '2026-000107',
    issuedAt: '2026-03-20T10:00:00.000Z',
    orderId: 107,
    customer: {
      name: 'Acme Hosting Inc.',
      contactName: 'John Smith',
      address: '500 Market Street, San Francisco, CA 94105, United States',
      country: 'US',
      email: 'ap@acme.example',
      language: 'en',
      userType: 'business',
    },
    lines: [VPS],
    payment: { method: 'card', providerRef: 'pi_3Qx1US' },
  }),
  'renewal (service period, BE business, card)': invoice({
    number: '2026-000108',
    issuedAt: '2026-04-01T06:00:00.000Z',
    orderId: 102,
    customer: {
      name: 'Studio Pixel BV',
      address: 'Meir 10, 2000 Antwerpen, België',
      country: 'BE',
      email: 'boekhouding@studiopixel.example',
      language: 'nl',
      userType: 'business',
      vat: { number: 'BE0202239951', check: 'valid' },
    },
    lines: [{ ...VPS, name: 'VPS Starter (renouvellement)' }],
    payment: { method: 'card', providerRef: 'pi_3Qx1RN' },
    servicePeriod: { from: '2026-04-15', to: '2026-05-14' },
  }),
  'wallet-paid (BE individual)': invoice({
    number: '2026-000109',
    issuedAt: '2026-04-02T10:00:00.000Z',
    orderId: 109,
    customer: {
      name: 'Jeanne Dupont',
      address: 'Avenue Louise 54, 1050 Ixelles, Belgique',
      country: 'BE',
      email: 'jeanne@example.be',
      language: 'fr',
      userType: 'particulier',
    },
    lines: [GAME],
    payment: { method: 'wallet', providerRef: null },
  }),
  'bank transfer paid later (structured communication)': bankTransfer(),
  'partial refund credit note (rounding cent)': creditNote(bankTransfer(), {
    number: 'NC-2026-000001',
    issuedAt: '2026-04-10T10:00:00.000Z',
    grossCents: 1000,
    reason: 'Geste commercial : interruption de service du 5 avril',
    providerRef: null,
  }),
  'cancellation credit note (full, reverse charge)': creditNote(frReverseCharge, {
    number: 'NC-2026-000002',
    issuedAt: '2026-03-20T15:00:00.000Z',
    grossCents: frReverseCharge.totals.totalCents,
    reason: 'Commande annulée avant livraison',
    providerRef: 're_3Qx1FR',
  }),
};

function bankTransfer(): BillingDocumentData {
  return invoice({
    number: '2026-000110',
    issuedAt: '2026-04-06T08:00:00.000Z',
    paidAt: '2026-04-06T07:45:00.000Z',
    orderId: 110,
    customer: {
      name: 'Marc Peeters',
      address: 'Rue Haute 20, 4000 Liège, Belgique',
      country: 'BE',
      email: 'marc.peeters@example.be',
      language: 'fr',
      userType: 'particulier',
    },
    lines: [VPS, { ...GAME, qty: 1 }],
    payment: { method: 'bank_transfer', providerRef: 'staff: CODA 2026-04-06 #12', structuredReference: orderTransferReference(110) },
  });
}

/** A small, well-formed PDF to embed (the render job embeds the real one). */
export const FIXTURE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
