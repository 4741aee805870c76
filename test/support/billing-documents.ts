import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { BillingDocumentData, PartySnapshot } from '../../server/modules/invoices/billing-document';
import {
  insertBillingDocument,
  saveRendering,
  type BillingDocumentRow,
  type StoredValidation,
} from '../../server/modules/invoices/billing-documents.repo';
import { buyer } from './checkout';
import { ublFixture } from './ubl-fixture';

// Issued documents for the e-invoice tests, inserted as the issuing code does (insertBillingDocument,
// then its rendering): a small invoice or credit note for a Belgian company, a consumer or a
// foreign company, with the validation the official checks would have stored.

export type TestBuyerKind = 'be_business' | 'consumer' | 'fr_business';

const SELLER: PartySnapshot = {
  name: 'HubHost SRL',
  contactName: null,
  address: 'Rue Royale 1, 1000 Bruxelles',
  country: 'BE',
  vatNumber: 'BE0123456749',
  legalId: { scheme: '0208', id: '0123456749' },
  endpoint: { scheme: '0208', id: '0123456749' },
  email: 'factures@hubhost.test',
  isBusiness: true,
};

/** A Belgian company's enterprise number by default (0208); `enterprise` picks another one. */
function buyerParty(kind: TestBuyerKind, email: string, enterprise = '0477472701'): PartySnapshot {
  if (kind === 'consumer') {
    return {
      ...SELLER,
      name: 'Camille Dubois',
      contactName: null,
      vatNumber: null,
      legalId: null,
      endpoint: null,
      email,
      isBusiness: false,
    };
  }
  if (kind === 'fr_business') {
    return {
      name: 'Octet SAS',
      contactName: 'Camille Dubois',
      address: '1 rue de Rivoli, 75001 Paris',
      country: 'FR',
      vatNumber: 'FR40303265045',
      legalId: null,
      endpoint: { scheme: '9957', id: 'FR40303265045' },
      email,
      isBusiness: true,
    };
  }
  return {
    name: 'Brasserie Lambic SA',
    contactName: 'Camille Dubois',
    address: 'Rue du Midi 8, 1000 Bruxelles',
    country: 'BE',
    vatNumber: `BE${enterprise}`,
    legalId: { scheme: '0208', id: enterprise },
    endpoint: { scheme: '0208', id: enterprise },
    email,
    isBusiness: true,
  };
}

export const VALID: StoredValidation = { valid: true, errors: [], warnings: 0, checkedAt: '2026-11-25T10:00:00.000Z' };
export const INVALID: StoredValidation = {
  valid: false,
  errors: [
    {
      rule: 'BR-CO-15',
      message: 'Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).',
    },
  ],
  warnings: 0,
  checkedAt: '2026-11-25T10:00:00.000Z',
};

export interface TestDocumentOptions {
  buyer?: TestBuyerKind;
  /** The buyer's enterprise number (a Belgian company). */
  enterprise?: string;
  validation?: StoredValidation | null;
  kind?: 'invoice' | 'credit_note';
  /** Inserted but not rendered: no UBL yet. */
  unrendered?: boolean;
}

/** A rendered document (its UBL and the given validation, valid by default) of a fresh customer and order. */
export async function buildIssuedDocument(db: Knex, options: TestDocumentOptions = {}): Promise<BillingDocumentRow> {
  const kind = options.kind ?? 'invoice';
  const customer = await buyer(db, { full_name: 'Camille Dubois' });
  const [order] = (await db('orders')
    .insert({ user_id: customer.id, status: 'pending', subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210 })
    .returning('id')) as { id: number }[];
  const serial = randomBytes(3).readUIntBE(0, 3) % 1_000_000;
  const invoice = await insertDocument(db, 'invoice', `2026-${String(serial).padStart(6, '0')}`, customer, order!.id, null, options);
  const document =
    kind === 'invoice'
      ? invoice
      : await insertDocument(db, 'credit_note', `NC-2026-${String(serial).padStart(6, '0')}`, customer, order!.id, invoice, options);
  if (options.unrendered) return document;
  return saveRendering(db, document.id, {
    pdf: Buffer.from('%PDF-1.7 test'),
    ubl_xml: ublFixture({ number: document.number, kind, buyer: document.data.buyer.endpoint }),
    validation:
      options.validation === undefined ? VALID : (options.validation ?? { valid: null, errors: [], warnings: 0, checkedAt: null }),
    rendered_at: new Date(),
  });
}

async function insertDocument(
  db: Knex,
  kind: 'invoice' | 'credit_note',
  number: string,
  customer: { id: number; email: string },
  orderId: number,
  corrects: BillingDocumentRow | null,
  options: TestDocumentOptions,
): Promise<BillingDocumentRow> {
  const issuedAt = new Date();
  const data: BillingDocumentData = {
    kind,
    number,
    issuedAt: issuedAt.toISOString(),
    orderId,
    buyerReference: `#${orderId}`,
    currency: 'EUR',
    language: 'fr',
    seller: SELLER,
    buyer: buyerParty(options.buyer ?? 'be_business', customer.email, options.enterprise),
    vatScheme: 'standard',
    legalBasis: null,
    lines: [{ name: 'VPS S', description: null, qty: 1, unitNetCents: 1000, netCents: 1000, category: 'S', rate: 21 }],
    vat: [{ category: 'S', rate: 21, baseCents: 1000, taxCents: 210 }],
    totals: { netCents: 1000, taxCents: 210, totalCents: 1210, prepaidCents: 1210, roundingCents: 0, payableCents: 0 },
    payment: {
      method: 'card',
      paidAt: issuedAt.toISOString(),
      providerRef: null,
      structuredReference: null,
      iban: 'BE71096123456769',
      bic: 'GKCCBEBB',
      accountHolder: 'HubHost SRL',
    },
    servicePeriod: null,
    corrects: corrects ? { number: corrects.number, issuedAt: corrects.issued_at.toISOString() } : null,
    reason: corrects ? 'Geste commercial' : null,
    evidence: { billingCountry: 'BE', phonePrefix: null, phoneCountry: null, vies: null },
  };
  return insertBillingDocument(db, {
    kind,
    number,
    order_id: orderId,
    user_id: customer.id,
    corrects_document_id: corrects?.id ?? null,
    issued_at: issuedAt,
    currency: 'EUR',
    data,
    net_cents: 1000,
    tax_cents: 210,
    total_cents: 1210,
    payable_cents: kind === 'invoice' ? 0 : 1210,
  });
}
