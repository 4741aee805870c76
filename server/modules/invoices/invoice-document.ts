import countries from 'i18n-iso-countries';
import type { PeppolId } from '../../shared/peppol-ids';
import type { PartySnapshot } from './billing-document';
import { BRAND_LOGO_SVG } from '../../../shared/brand/brand';
import { ACCENT, INK, MUTED, printedContext, RULE, RULE_ACCENT, type PrintContext } from './invoice-print-context';
import { amountsBlocks, mentionsBlock, paymentBlock } from './invoice-document-blocks';
import { renderPdf } from './invoice-pdf';
import type { InvoiceDocument, PdfContent, PdfDocumentInput, PdfNode } from './pdf-document-types';

export type { InvoiceDocument, PdfContent, PdfDocumentInput, PdfNode } from './pdf-document-types';

// An invoice, a pro forma or a credit note as a pdfmake document definition, from the frozen facts
// of billing_documents only (DESIGN.md §6 "Invoices are immutable"): rendering one again years later
// prints the same page. invoice-pdf.ts turns it into bytes.

/** The document's PDF, in its own language. */
export function renderDocumentPdf(input: PdfDocumentInput): Promise<Buffer> {
  return renderPdf(buildPdfDocument(input));
}

export function buildPdfDocument(input: PdfDocumentInput): InvoiceDocument {
  const c = printedContext(input);
  const { seller } = input;
  return {
    info: { title: `${c.title} ${c.reference}`, author: seller.name, subject: c.title, creator: seller.name },
    language: input.language,
    pageSize: 'A4',
    pageMargins: [48, 44, 48, 64],
    defaultStyle: { font: 'Roboto', fontSize: 9.5, color: INK, lineHeight: 1.2 },
    styles: {
      sellerName: { fontSize: 15, bold: true, color: ACCENT },
      title: { fontSize: 22, bold: true, color: ACCENT, characterSpacing: 1 },
      label: { fontSize: 8, bold: true, color: MUTED, characterSpacing: 0.5 },
      muted: { color: MUTED },
      tableHeader: { bold: true, fontSize: 8.5, color: INK },
      notice: { fontSize: 9, bold: true, color: '#92400e' },
      mention: { fontSize: 9, bold: true },
    },
    content: [
      header(c),
      rule(),
      {
        columns: [
          { width: '*', stack: buyerBlock(c) },
          { width: 230, ...metaTable(c) },
        ],
        columnGap: 24,
        margin: [0, 16, 0, 20],
      },
      ...creditNoteReason(c),
      ...servicePeriodNote(c),
      ...amountsBlocks(c),
      ...mentionsBlock(c),
      ...paymentBlock(c),
    ],
    footer: (currentPage, pageCount) => ({
      margin: [48, 20, 48, 0],
      columns: [
        {
          width: '*',
          text: [seller.name, seller.address, ...identityLines(seller, c), seller.email, seller.phone && `${c.t('phone')} ${seller.phone}`]
            .filter(Boolean)
            .join(' · '),
          style: 'muted',
          fontSize: 7.5,
        },
        // "Page 1 / 1" on one line: a column wide enough for "Page 10 / 10" in every language, never wrapped.
        {
          width: 64,
          text: c.t('footer.page', { current: String(currentPage), total: String(pageCount) }),
          style: 'muted',
          fontSize: 7.5,
          alignment: 'right',
          noWrap: true,
        },
      ],
    }),
  };
}

/** Addresses are kept on one line; on paper each comma starts a new line. */
const addressLines = (address: string | null) =>
  (address ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Documents issued before the country was printed apart kept it in the address ("…, Belgique"). */
function namesCountry(address: string | null): boolean {
  const last = addressLines(address).at(-1);
  return last !== undefined && (['fr', 'nl', 'en', 'pl'] as const).some((lng) => countries.getAlpha2Code(last, lng) !== undefined);
}

/** A Belgian enterprise number is printed as the Crossroads Bank writes it: 0123.456.749. */
export function formatLegalId(legalId: PeppolId): string {
  const digits = legalId.id.replace(/\D/g, '');
  if (legalId.scheme === '0208' && digits.length === 10) return `${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}`;
  return legalId.id;
}

/** The VAT number and the registration number a party is known by (a Belgian company: its enterprise number). */
function identityLines(party: PartySnapshot, c: PrintContext, vatLabel = c.t('vatNumber')): string[] {
  const lines: string[] = [];
  if (party.vatNumber) lines.push(`${vatLabel} ${party.vatNumber}`);
  if (party.legalId) {
    const label = party.legalId.scheme === '0208' ? c.t('enterpriseNumber') : c.t('registrationNumber');
    lines.push(`${label} ${formatLegalId(party.legalId)}`);
  }
  return lines;
}

/** The shop's logo, drawn from its SVG (vectors: sharp in print and at any zoom). */
export const LOGO_SIZE = 40;

function header(c: PrintContext): PdfNode {
  const { seller } = c.input;
  return {
    columnGap: 12,
    columns: [
      { width: LOGO_SIZE, svg: BRAND_LOGO_SVG, fit: [LOGO_SIZE, LOGO_SIZE] },
      {
        width: '*',
        stack: [
          { text: seller.name, style: 'sellerName', margin: [0, 0, 0, 4] },
          ...addressLines(seller.address),
          ...(namesCountry(seller.address) ? [] : [c.country(seller.country)]),
          ...identityLines(seller, c),
          ...(seller.email ? [seller.email] : []),
          ...(seller.phone ? [`${c.t('phone')} ${seller.phone}`] : []),
        ],
      },
      {
        width: 'auto',
        alignment: 'right',
        stack: [
          { text: c.title, style: 'title' },
          { text: c.reference, bold: true, fontSize: 11, margin: [0, 4, 0, 0] },
          ...(c.input.corrects
            ? [
                {
                  text: c.t('corrects', { number: c.input.corrects.number, date: c.date(c.input.corrects.issuedAt) }),
                  margin: [0, 4, 0, 0],
                },
              ]
            : []),
        ],
      },
    ],
  };
}

function rule(): PdfNode {
  return { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 499, y2: 0, lineWidth: 2, lineColor: RULE_ACCENT }], margin: [0, 14, 0, 0] };
}

function buyerBlock(c: PrintContext): PdfContent[] {
  const { buyer, vatScheme } = c.input;
  // Under reverse charge the number VIES confirmed is the customer's, and the mention cites it.
  const vatLabel = vatScheme === 'reverse_charge' ? c.t('buyerVatNumber') : c.t('vatNumber');
  const named =
    buyer.isBusiness && buyer.contactName && buyer.contactName !== buyer.name
      ? [{ text: buyer.name, bold: true, fontSize: 11 }, buyer.contactName]
      : [{ text: buyer.name, bold: true, fontSize: 11 }];
  return [
    { text: c.t('billedTo').toUpperCase(), style: 'label', margin: [0, 0, 0, 4] },
    ...named,
    ...addressLines(buyer.address),
    c.country(buyer.country),
    ...identityLines(buyer, c, vatLabel),
  ];
}

function metaTable(c: PrintContext): PdfNode {
  const { input: d, t } = c;
  // The title block already shows the document's number, or a pro forma's order reference.
  const rows: [string, string][] = [
    ...(d.number !== null ? [[t('orderReference'), d.buyerReference] as [string, string]] : []),
    [t('dates.issued'), c.date(d.issuedAt)],
    ...(d.payment.paidAt
      ? [[d.kind === 'credit_note' ? t('dates.refunded') : t('dates.paid'), c.date(d.payment.paidAt)] as [string, string]]
      : []),
    // A renewal is due when its period starts; a first period starts on the day it was paid.
    ...(d.servicePeriod && d.kind === 'invoice' && d.servicePeriod.from !== d.payment.paidAt
      ? [[t('dates.due'), c.date(d.servicePeriod.from)] as [string, string]]
      : []),
    [t('currency'), d.currency],
  ];
  return {
    table: {
      widths: ['auto', '*'],
      body: rows.map(([label, value]) => [
        { text: label, style: 'muted' },
        { text: value, bold: true, alignment: 'right' },
      ]),
    },
    layout: {
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === node.table.body.length ? 0 : 0.5),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingLeft: () => 0,
      paddingRight: () => 0,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
  };
}

/** A credit note says why it was issued, above its lines. */
function creditNoteReason(c: PrintContext): PdfContent[] {
  if (c.input.kind !== 'credit_note' || !c.input.reason) return [];
  return [{ text: c.t('reason', { reason: c.input.reason }), bold: true, margin: [0, 0, 0, 8] }];
}

/** A subscription's invoice names the period it pays for, above its lines (too long for the dates table). */
function servicePeriodNote(c: PrintContext): PdfContent[] {
  const period = c.input.servicePeriod;
  if (!period) return [];
  return [{ text: c.t('dates.period', { from: c.date(period.from), to: c.date(period.to) }), bold: true, margin: [0, 0, 0, 8] }];
}
