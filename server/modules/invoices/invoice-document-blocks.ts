import { friendlyFormatIBAN } from 'ibantools';
import type { VatSubtotal } from '../../../shared/tax/vat-amounts';
import type { PdfContent, PdfNode } from './pdf-document-types';
import { ACCENT, RULE, SHADE, type PrintContext } from './invoice-print-context';

// The amounts of a document (lines, VAT breakdown per rate, totals), its legal mentions and its
// payment: the lower half of the page.

const tableLayout = {
  fillColor: (row: number) => (row === 0 ? SHADE : null),
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === 1 || i === node.table.body.length ? 0.8 : 0.4),
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  paddingLeft: () => 6,
  paddingRight: () => 6,
  paddingTop: () => 5,
  paddingBottom: () => 5,
};

const headRow = (labels: string[]) => labels.map((text, i) => ({ text, style: 'tableHeader', alignment: i === 0 ? 'left' : 'right' }));
const right = (text: string) => ({ text, alignment: 'right' });

export function amountsBlocks(c: PrintContext): PdfContent[] {
  return [linesTable(c), { columns: [vatBreakdown(c), totalsTable(c)], columnGap: 24, margin: [0, 12, 0, 16] }];
}

function linesTable(c: PrintContext): PdfNode {
  const { t, money } = c;
  const body = c.input.lines.map((line) => [
    {
      stack: [
        { text: line.name, bold: true },
        ...(line.description ? [{ text: line.description, style: 'muted', fontSize: 8, margin: [0, 2, 0, 0] }] : []),
      ],
    },
    right(String(line.qty)),
    right(money(line.unitNetCents)),
    right(`${c.rate(line.rate)}\u00a0%`),
    right(money(line.netCents)),
  ]);
  return {
    table: {
      headerRows: 1,
      widths: ['*', 32, 90, 40, 80],
      body: [headRow([t('columns.description'), t('columns.qty'), t('columns.unitPrice'), t('columns.vat'), t('columns.total')]), ...body],
    },
    layout: tableLayout,
  };
}

/** How a rate is named: its percentage, the consumer's state under OSS, or why there is no VAT. */
function rateLabel(c: PrintContext, subtotal: VatSubtotal): string {
  if (subtotal.category === 'AE') return c.t('vatBreakdown.reverseCharge');
  if (subtotal.category === 'O') return c.t('vatBreakdown.outsideScope');
  const rate = c.rate(subtotal.rate);
  return c.input.vatScheme === 'oss'
    ? c.t('vatBreakdown.oss', { rate, country: c.country(c.input.buyer.country) })
    : c.t('vatBreakdown.standard', { rate });
}

/** EN 16931 BG-23: one row per rate, base and VAT, VAT rounded per rate. */
function vatBreakdown(c: PrintContext): PdfNode {
  const { t, money } = c;
  return {
    width: '*',
    stack: [
      { text: t('vatBreakdown.title').toUpperCase(), style: 'label', margin: [0, 0, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto'],
          body: [
            headRow([t('vatBreakdown.rate'), t('vatBreakdown.base'), t('vatBreakdown.tax')]),
            ...c.input.vat.map((s) => [rateLabel(c, s), right(money(s.baseCents)), right(money(s.taxCents))]),
          ],
        },
        layout: tableLayout,
      },
    ],
  };
}

/** The single VAT line of the totals: the rate when there is one, « Total TVA » when there are several. */
function taxLabel(c: PrintContext): string {
  const only = c.input.vat.length === 1 ? c.input.vat[0]! : null;
  if (!only) return c.t('totals.taxTotal');
  if (only.category === 'AE') return c.t('totals.taxReverseCharge');
  if (only.category === 'O') return c.t('totals.taxOutsideScope');
  const rate = c.rate(only.rate);
  return c.input.vatScheme === 'oss'
    ? c.t('totals.taxOss', { rate, country: c.country(c.input.buyer.country) })
    : c.t('totals.tax', { rate });
}

function totalsTable(c: PrintContext): PdfNode {
  const { t, money, input } = c;
  const { totals } = input;
  const isCreditNote = input.kind === 'credit_note';
  const rows: [string, number, 'total' | 'final' | null][] = [
    [t('totals.subtotal'), totals.netCents, null],
    [taxLabel(c), totals.taxCents, null],
    [t('totals.total'), totals.totalCents, 'total'],
  ];
  if (totals.roundingCents !== 0) rows.push([t('totals.rounding'), totals.roundingCents, null]);
  if (totals.prepaidCents !== 0) rows.push([t('totals.prepaid'), -totals.prepaidCents, null]);
  // What is left to pay (0 once paid), or what a credit note gives back.
  if (isCreditNote) rows.push([t('totals.credited'), totals.payableCents, 'final']);
  else if (totals.prepaidCents !== 0 || totals.roundingCents !== 0) rows.push([t('totals.due'), totals.payableCents, 'final']);
  const totalRow = rows.findIndex(([, , kind]) => kind === 'total');
  return {
    width: 230,
    table: {
      widths: ['*', 'auto'],
      body: rows.map(([label, cents, kind]) => {
        const style =
          kind === 'total' ? { bold: true, fontSize: 11, color: '#ffffff' } : kind === 'final' ? { bold: true, fontSize: 11 } : {};
        return [
          { text: label, ...style },
          { text: money(cents), alignment: 'right', ...style },
        ];
      }),
    },
    layout: {
      fillColor: (row: number) => (row === totalRow ? ACCENT : null),
      hLineWidth: (i: number) => (i > 0 && i < rows.length ? 0.4 : 0),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingLeft: () => 8,
      paddingRight: () => 8,
      paddingTop: () => 5,
      paddingBottom: () => 5,
    },
  };
}

/**
 * The mentions a document without the seller's VAT must carry (art. 226 of directive 2006/112/EC):
 * reverse charge (art. 196), the consumer's state under OSS, outside the EU (art. 44 or 59).
 */
export function mentionsBlock(c: PrintContext): PdfContent[] {
  const { input, t } = c;
  const mentions: string[] = [];
  if (input.vatScheme === 'reverse_charge' || input.legalBasis === 'art196') mentions.push(t('reverseCharge'));
  if (input.vatScheme === 'oss') {
    const country = c.country(input.buyer.country);
    for (const s of input.vat.filter((v) => v.category === 'S')) mentions.push(t('oss', { country, rate: c.rate(s.rate) }));
  }
  if (input.vatScheme === 'outside_scope') mentions.push(t(`outsideScope.${input.legalBasis === 'art44' ? 'art44' : 'art59'}`));
  // Where the money went: the wallet, or back through the card, PayPal, Mollie or a transfer.
  if (input.kind === 'credit_note') mentions.push(input.payment.method ? t(`creditNoteTo.${input.payment.method}`) : t('creditNoteNote'));
  return mentions.map((text) => ({ text, style: 'mention', margin: [0, 0, 0, 6] }));
}

type Row = [string, string];

const labelled = (rows: Row[]) => ({
  table: {
    widths: [130, '*'],
    body: rows.map(([label, value]) => [
      { text: label, style: 'muted' },
      { text: value, bold: true },
    ]),
  },
  layout: 'noBorders',
});

export function paymentBlock(c: PrintContext): PdfContent[] {
  const { input, t, money } = c;
  const { payment } = input;
  const method: Row[] = payment.method ? [[t('payment.method'), t(`methods.${payment.method}`)]] : [];
  const providerRef: Row[] = payment.providerRef ? [[t('payment.providerRef'), payment.providerRef]] : [];
  if (input.kind === 'credit_note') {
    const rows = [...method, ...providerRef];
    return rows.length ? [{ text: t('payment.refundTitle').toUpperCase(), style: 'label', margin: [0, 10, 0, 4] }, labelled(rows)] : [];
  }

  const paid = payment.paidAt !== null;
  const rows: Row[] = [
    [t('payment.status'), paid ? t('status.paid') : t('status.unpaid')],
    ...method,
    ...(payment.structuredReference ? [[t('payment.reference'), payment.structuredReference] as Row] : []),
    ...providerRef,
  ];
  // Only a document still waiting for a transfer needs the shop's account printed on it.
  const awaitsTransfer = !paid && payment.method === 'bank_transfer';
  const bankRows: Row[] = [
    [t('payment.beneficiary'), payment.accountHolder],
    [t('payment.iban'), friendlyFormatIBAN(payment.iban) ?? payment.iban],
    [t('payment.bic'), payment.bic],
  ];
  return [
    { text: t('payment.title').toUpperCase(), style: 'label', margin: [0, 10, 0, 4] },
    labelled(rows),
    ...(awaitsTransfer
      ? [
          { text: t('payment.bankTitle').toUpperCase(), style: 'label', margin: [0, 12, 0, 4] },
          labelled(bankRows),
          {
            text: t('payment.transferNote', {
              amount: money(input.totals.payableCents),
              reference: payment.structuredReference ?? String(input.orderId),
            }),
            margin: [0, 6, 0, 0],
          },
        ]
      : []),
    ...(!c.isProForma && payment.paidAt ? [{ text: t('payment.paidNote', { date: c.date(payment.paidAt) }), margin: [0, 12, 0, 0] }] : []),
    ...(c.isProForma ? [proFormaNotice(c)] : []),
  ];
}

function proFormaNotice(c: PrintContext): PdfNode {
  return {
    table: { widths: ['*'], body: [[{ text: c.t('proFormaNote'), style: 'notice' }]] },
    layout: {
      fillColor: () => '#fef3c7',
      hLineWidth: () => 0,
      vLineWidth: () => 0,
      paddingLeft: () => 8,
      paddingRight: () => 8,
      paddingTop: () => 6,
      paddingBottom: () => 6,
    },
    margin: [0, 16, 0, 0],
  };
}
