import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildAccountantExport } from './accountant-export';
import type { BillingDocumentData } from './billing-document';
import { issuedCreditNote, issuedInvoice, proFormaInvoice } from '../../../test/support/issued-documents';
import type { BillingDocumentRow } from './billing-documents.repo';

// The accountant's zip of a period: each document's UBL and PDF, and a ledger a Belgian Excel opens
// (BOM, `;`, decimal comma) whose columns add up with credit notes counted negative.

function row(id: number, data: BillingDocumentData, overrides: Partial<BillingDocumentRow> = {}): BillingDocumentRow {
  return {
    id,
    kind: data.kind,
    number: data.number,
    order_id: data.orderId,
    user_id: 7,
    corrects_document_id: null,
    issued_at: new Date(data.issuedAt),
    currency: data.currency,
    net_cents: data.totals.netCents,
    tax_cents: data.totals.taxCents,
    total_cents: data.totals.totalCents,
    payable_cents: data.totals.payableCents,
    data,
    pdf: Buffer.from(`%PDF-1.7 ${data.number}`),
    ubl_xml: `<?xml version="1.0" encoding="UTF-8"?><Invoice><ID>${data.number}</ID></Invoice>`,
    validation: { valid: true, errors: [], warnings: 0, checkedAt: data.issuedAt },
    rendered_at: new Date(data.issuedAt),
    created_at: new Date(data.issuedAt),
    ...overrides,
  };
}

const belgian = issuedInvoice({ number: '2026-000041', orderId: 41, issuedAt: '2026-11-02T09:00:00.000Z' });
const oss = issuedInvoice({ customer: 'frenchConsumer', number: '2026-000042', orderId: 42, issuedAt: '2026-11-10T09:00:00.000Z' });
const reverse = issuedInvoice({ customer: 'frenchCompany', number: '2026-000043', orderId: 43, issuedAt: '2026-11-12T09:00:00.000Z' });
const swiss = issuedInvoice({ customer: 'swissCompany', number: '2026-000044', orderId: 44, issuedAt: '2026-11-30T23:30:00.000Z' }); // 1 Dec in Brussels
const partial = issuedCreditNote(belgian, { amountCents: 1000, number: 'NC-2026-000001', issuedAt: '2026-11-20T09:00:00.000Z' });
const full = issuedCreditNote(reverse, { number: 'NC-2026-000002', issuedAt: '2026-11-25T09:00:00.000Z' });

const rows = [
  row(1, belgian),
  row(2, oss, { pdf: null }), // not rendered yet
  row(3, reverse),
  row(4, swiss),
  row(5, partial, { corrects_document_id: 1 }),
  row(6, full, { corrects_document_id: 3 }),
];

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

function open(zip: Uint8Array) {
  const files = unzipSync(zip);
  const bytes = files['ledger.csv']!;
  const csv = strFromU8(bytes);
  const lines = csv
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
  const cells = lines.map((line) => line.split(';'));
  const byNumber = (number: string) => cells.find((c) => c[0] === number)!;
  return { files, bytes, csv, header: cells[0]!, cells, byNumber };
}

describe('buildAccountantExport', () => {
  it('holds the UBL and PDF of each document issued in the period, by kind, and names the files not made yet', () => {
    const { files } = open(buildAccountantExport(rows, NOVEMBER));
    expect(Object.keys(files).sort()).toEqual([
      'credit-notes/NC-2026-000001.pdf',
      'credit-notes/NC-2026-000001.xml',
      'credit-notes/NC-2026-000002.pdf',
      'credit-notes/NC-2026-000002.xml',
      'invoices/2026-000041.pdf',
      'invoices/2026-000041.xml',
      'invoices/2026-000042.xml',
      'invoices/2026-000043.pdf',
      'invoices/2026-000043.xml',
      'ledger.csv',
      'missing.txt',
    ]);
    expect(strFromU8(files['invoices/2026-000043.xml']!)).toContain('<ID>2026-000043</ID>');
    expect(strFromU8(files['invoices/2026-000041.pdf']!)).toBe('%PDF-1.7 2026-000041');
    expect(strFromU8(files['missing.txt']!)).toContain('2026-000042: pdf');
  });

  it('the ledger: BOM, `;`, one column pair per rate of the period, one line per document, credit notes negative', () => {
    const { bytes, csv, header, byNumber, cells } = open(buildAccountantExport(rows, NOVEMBER));
    // The UTF-8 byte order mark: Excel reads the file as UTF-8 (« é », « ° ») only with it.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv).toMatch(/^\ufeff?Numéro;Type;/);
    expect(header).toEqual([
      'Numéro',
      'Type',
      'Date',
      'Client',
      'N° TVA',
      'Base 21 %',
      'TVA 21 %',
      'Base 20 % FR (OSS)',
      'TVA 20 % FR (OSS)',
      'Base 0 % autoliquidation',
      'TVA 0 % autoliquidation',
      'Total TTC',
      'Devise',
      'Mode de paiement',
      'Statut',
    ]);
    expect(byNumber('2026-000041')).toEqual([
      '2026-000041',
      'Facture',
      '2026-11-02',
      'PixelForge SRL',
      'BE0477472701',
      '31,98',
      '6,72',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '38,70',
      'EUR',
      'Carte bancaire',
      'Partiellement créditée',
    ]);
    expect(byNumber('2026-000042').slice(5, 12)).toEqual(['0,00', '0,00', '31,98', '6,40', '0,00', '0,00', '38,38']);
    expect(byNumber('2026-000042')[14]).toBe('Payée');
    expect(byNumber('2026-000043').slice(9, 12)).toEqual(['31,98', '0,00', '31,98']);
    expect(byNumber('2026-000043')[14]).toBe('Créditée');
    // 10.00 given back at 21 %: 8.26 + 1.73 (the cent of rounding is not VAT).
    expect(byNumber('NC-2026-000001')).toEqual([
      'NC-2026-000001',
      'Note de crédit',
      '2026-11-20',
      'PixelForge SRL',
      'BE0477472701',
      '-8,26',
      '-1,73',
      '0,00',
      '0,00',
      '0,00',
      '0,00',
      '-9,99',
      'EUR',
      'Solde du compte client',
      'Corrige 2026-000041',
    ]);
    expect(byNumber('NC-2026-000002').slice(9, 12)).toEqual(['-31,98', '0,00', '-31,98']);
    // The Swiss invoice was issued on 1 December in Brussels: not November's.
    expect(cells.some((c) => c[0] === '2026-000044')).toBe(false);
    expect(byNumber('Total EUR').slice(5, 13)).toEqual(['23,72', '4,99', '31,98', '6,40', '0,00', '0,00', '67,09', 'EUR']);
  });

  it('a later credit note counts for the invoice status without being listed; an unpaid invoice says so', () => {
    const { byNumber, cells } = open(buildAccountantExport(rows, { from: '2026-11-01', to: '2026-11-15' }));
    expect(byNumber('2026-000041')[14]).toBe('Partiellement créditée');
    expect(cells.some((c) => c[0]?.startsWith('NC-'))).toBe(false);
    // A numbered invoice with money still due (payable above 0), as an invoice left unpaid would be.
    const unpaid = row(7, { ...proFormaInvoice({ issuedAt: '2026-11-03T09:00:00.000Z' }), number: '2026-000045' });
    expect(
      open(buildAccountantExport([unpaid], NOVEMBER))
        .byNumber('2026-000045')
        .at(-1),
    ).toBe('Non payée');
  });

  it("a customer's name cannot run as a formula and keeps its `;` and quotes", () => {
    const data = issuedInvoice({ number: '2026-000050', issuedAt: '2026-11-05T09:00:00.000Z' });
    const named = { ...data, buyer: { ...data.buyer, name: '=HYPERLINK("http://x.test";"clic")' } };
    const { csv } = open(buildAccountantExport([row(9, named)], NOVEMBER));
    expect(csv).toContain(`;"'=HYPERLINK(""http://x.test"";""clic"")";`);
  });

  it('the same period exports to the same bytes', () => {
    expect(buildAccountantExport(rows, NOVEMBER)).toEqual(buildAccountantExport(rows, NOVEMBER));
  });
});
