import countries from 'i18n-iso-countries';
import { friendlyFormatIBAN } from 'ibantools';
import { createRequire } from 'node:module';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money/cart-totals';
import type { UserRow } from '../auth/users.repo';
import type { BankAccount } from '../checkout/bank-transfer.service';
import { serverText } from '../mail/mail.templates';
import type { OrderLineRow, OrderRow } from '../orders/orders.repo';

// The invoice (or pro forma) as a pdfmake document definition, from plain data only: what the
// order, its lines and the buyer say, in the buyer's language. invoice-pdf.ts renders it.

/** pdfmake ships no types: the shapes this file writes. */
export type PdfContent = string | PdfNode | PdfContent[];
export interface PdfNode {
  [key: string]: unknown;
}
export interface InvoiceDocument {
  info: { title: string; author: string; subject: string; creator: string };
  language: string;
  pageSize: 'A4';
  pageMargins: [number, number, number, number];
  defaultStyle: PdfNode;
  styles: Record<string, PdfNode>;
  content: PdfContent[];
  footer: (currentPage: number, pageCount: number) => PdfContent;
}

export interface Seller {
  name: string;
  address: string;
  vatNumber: string;
  email: string;
}

export interface InvoiceInput {
  order: Pick<
    OrderRow,
    | 'id'
    | 'status'
    | 'subtotal_cents'
    | 'tax_rate'
    | 'tax_cents'
    | 'total_cents'
    | 'currency'
    | 'payment_method'
    | 'transfer_reference'
    | 'invoice_number'
    | 'invoiced_at'
    | 'paid_at'
    | 'created_at'
  > &
    // Absent on orders from before EU VAT: standard.
    Partial<Pick<OrderRow, 'vat_scheme' | 'buyer_vat_number'>>;
  lines: Pick<OrderLineRow, 'name' | 'qty' | 'price_cents' | 'support_cents' | 'margin_cents' | 'config_products'>[];
  buyer: Pick<UserRow, 'full_name' | 'user_type' | 'company_name' | 'vat_number' | 'address' | 'country'>;
  seller: Seller;
  bank: BankAccount;
  language: Language;
  /** The issue date of a pro forma (an invoice keeps its invoiced_at). */
  now: Date;
  /** A renewal invoice: the period of service it pays for (from its due date). */
  servicePeriod?: { from: Date; to: Date } | null;
}

const require = createRequire(import.meta.url);
for (const lng of ['fr', 'nl', 'en', 'pl'] satisfies Language[]) countries.registerLocale(require(`i18n-iso-countries/langs/${lng}.json`));

/** The spec names the shop labels (shop.specs); any other key is printed as it is. */
const KNOWN_SPECS = new Set(['ram', 'cores', 'storage', 'traffic', 'bandwidth']);

const INK = '#1f2933';
const MUTED = '#6b7280';
const ACCENT = '#1d4ed8';
const RULE = '#d1d5db';
const SHADE = '#f3f4f6';

export function buildInvoiceDocument(input: InvoiceInput): InvoiceDocument {
  const { order, seller, language: lng } = input;
  const t = (key: string, vars: Record<string, string> = {}) => serverText(lng, `invoice.${key}`, vars);
  // A number is given only in the transaction that marks the order paid: without one, a pro forma.
  const isInvoice = order.invoice_number !== null;
  const title = isInvoice ? t('title') : t('proForma');
  // Intl groups French thousands with U+202F, which Roboto lacks: a no-break space prints the same.
  const money = (cents: string | number) => formatMoney(Number(cents), order.currency, lng).replace(/\u202f/g, '\u00a0');
  const date = (value: Date) => new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(value);
  const issuedOn = isInvoice && order.invoiced_at ? order.invoiced_at : input.now;

  return {
    info: {
      title: isInvoice ? `${title} ${order.invoice_number}` : `${title} ${t('orderReference')} ${order.id}`,
      author: seller.name,
      subject: title,
      creator: seller.name,
    },
    language: lng,
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
    },
    content: [
      header(input, t, title),
      rule(),
      {
        columns: [
          { width: '*', stack: buyerBlock(input, t) },
          { width: 230, ...metaTable(input, t, date, issuedOn) },
        ],
        columnGap: 24,
        margin: [0, 16, 0, 20],
      },
      ...servicePeriodNote(input, t, date),
      linesTable(input, t, money),
      totalsBox(input, t, money),
      ...reverseChargeNote(input, t),
      paymentBlock(input, t, money, date),
    ],
    footer: (currentPage, pageCount) => ({
      margin: [48, 20, 48, 0],
      columns: [
        {
          width: '*',
          text: [seller.name, seller.address, `${t('vatNumber')} ${seller.vatNumber}`, seller.email].join(' · '),
          style: 'muted',
          fontSize: 7.5,
        },
        {
          width: 'auto',
          text: t('footer.page', { current: String(currentPage), total: String(pageCount) }),
          style: 'muted',
          fontSize: 7.5,
        },
      ],
    }),
  };
}

type Translate = (key: string, vars?: Record<string, string>) => string;

/** Addresses are kept on one line in the database; on paper each comma starts a new line. */
const addressLines = (address: string | null) =>
  (address ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function header({ order, seller }: InvoiceInput, t: Translate, title: string): PdfNode {
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: seller.name, style: 'sellerName', margin: [0, 0, 0, 4] },
          ...addressLines(seller.address),
          `${t('vatNumber')} ${seller.vatNumber}`,
          seller.email,
        ],
      },
      {
        width: 'auto',
        alignment: 'right',
        stack: [
          { text: title, style: 'title' },
          order.invoice_number !== null
            ? { text: `${t('number')} ${order.invoice_number}`, bold: true, fontSize: 11, margin: [0, 4, 0, 0] }
            : { text: `${t('orderReference')} ${order.id}`, bold: true, fontSize: 11, margin: [0, 4, 0, 0] },
        ],
      },
    ],
  };
}

function rule(): PdfNode {
  return { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 499, y2: 0, lineWidth: 1.5, lineColor: ACCENT }], margin: [0, 14, 0, 0] };
}

const isReverseCharge = (order: InvoiceInput['order']) => order.vat_scheme === 'reverse_charge';

function buyerBlock({ buyer, order, language }: InvoiceInput, t: Translate): PdfContent[] {
  const company = buyer.user_type === 'business' && buyer.company_name ? buyer.company_name : null;
  // Under reverse charge the number VIES confirmed when the order was placed, not today's profile.
  const vatLine =
    isReverseCharge(order) && order.buyer_vat_number
      ? `${t('buyerVatNumber')} ${order.buyer_vat_number}`
      : buyer.vat_number
        ? `${t('vatNumber')} ${buyer.vat_number}`
        : null;
  const country = countries.getName(buyer.country, language) ?? buyer.country;
  return [
    { text: t('billedTo').toUpperCase(), style: 'label', margin: [0, 0, 0, 4] },
    ...(company ? [{ text: company, bold: true, fontSize: 11 }, buyer.full_name] : [{ text: buyer.full_name, bold: true, fontSize: 11 }]),
    ...addressLines(buyer.address),
    country,
    ...(vatLine ? [vatLine] : []),
  ];
}

function metaTable({ order, servicePeriod }: InvoiceInput, t: Translate, date: (d: Date) => string, issuedOn: Date): PdfNode {
  // The title block already shows the invoice number, or a pro forma's order reference.
  const rows: [string, string][] = [
    ...(order.invoice_number !== null ? [[t('orderReference'), String(order.id)] as [string, string]] : []),
    [t('dates.issued'), date(issuedOn)],
    [t('dates.order'), date(order.created_at)],
    ...(order.paid_at ? [[t('dates.paid'), date(order.paid_at)] as [string, string]] : []),
    ...(servicePeriod ? [[t('dates.due'), date(servicePeriod.from)] as [string, string]] : []),
    [t('currency'), order.currency],
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

function specsText(specs: Record<string, string | number>, lng: Language): string {
  return Object.entries(specs ?? {})
    .map(([key, value]) => `${KNOWN_SPECS.has(key) ? serverText(lng, `shop.specs.${key}`) : key}${lng === 'fr' ? ' : ' : ': '}${value}`)
    .join('  ·  ');
}

function linesTable({ lines, language }: InvoiceInput, t: Translate, money: (c: number) => string): PdfNode {
  const head = [t('columns.description'), t('columns.qty'), t('columns.unitPrice'), t('columns.total')].map((text, i) => ({
    text,
    style: 'tableHeader',
    alignment: i === 0 ? 'left' : 'right',
  }));
  const body = lines.map((line) => {
    // Spec §9: the price before tax of one unit is price + support + margin.
    const unit = line.price_cents + line.support_cents + line.margin_cents;
    const specs = specsText(line.config_products, language);
    return [
      { stack: [{ text: line.name, bold: true }, ...(specs ? [{ text: specs, style: 'muted', fontSize: 8, margin: [0, 2, 0, 0] }] : [])] },
      { text: String(line.qty), alignment: 'right' },
      { text: money(unit), alignment: 'right' },
      { text: money(unit * line.qty), alignment: 'right' },
    ];
  });
  return {
    table: { headerRows: 1, widths: ['*', 36, 100, 90], body: [head, ...body] },
    layout: {
      fillColor: (row: number) => (row === 0 ? SHADE : null),
      hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === 1 || i === node.table.body.length ? 0.8 : 0.4),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingLeft: () => 6,
      paddingRight: () => 6,
      paddingTop: () => 6,
      paddingBottom: () => 6,
    },
  };
}

function totalsBox({ order, language }: InvoiceInput, t: Translate, money: (c: string | number) => string): PdfNode {
  const rate = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(Number(order.tax_rate));
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 230,
        table: {
          widths: ['*', 'auto'],
          body: [
            [t('totals.subtotal'), { text: money(order.subtotal_cents), alignment: 'right' }],
            [
              isReverseCharge(order) ? t('totals.taxReverseCharge') : t('totals.tax', { rate }),
              { text: money(order.tax_cents), alignment: 'right' },
            ],
            [
              { text: t('totals.total'), bold: true, fontSize: 11, color: '#ffffff' },
              { text: money(order.total_cents), bold: true, fontSize: 11, color: '#ffffff', alignment: 'right' },
            ],
          ],
        },
        layout: {
          fillColor: (row: number) => (row === 2 ? ACCENT : null),
          hLineWidth: (i: number) => (i === 1 ? 0.4 : 0),
          vLineWidth: () => 0,
          hLineColor: () => RULE,
          paddingLeft: () => 8,
          paddingRight: () => 8,
          paddingTop: () => 5,
          paddingBottom: () => 5,
        },
      },
    ],
    margin: [0, 12, 0, 20],
  };
}

/** A renewal names the period it pays for, above its lines (too long for the dates table). */
function servicePeriodNote({ servicePeriod }: InvoiceInput, t: Translate, date: (d: Date) => string): PdfContent[] {
  if (!servicePeriod) return [];
  return [{ text: t('dates.period', { from: date(servicePeriod.from), to: date(servicePeriod.to) }), bold: true, margin: [0, 0, 0, 8] }];
}

/** Art. 226 (11a) of directive 2006/112/EC: a reverse-charge invoice says so. */
function reverseChargeNote({ order }: InvoiceInput, t: Translate): PdfContent[] {
  if (!isReverseCharge(order)) return [];
  return [{ text: t('reverseCharge'), bold: true, margin: [0, 0, 0, 16] }];
}

function paymentBlock(
  { order, bank }: InvoiceInput,
  t: Translate,
  money: (c: string | number) => string,
  date: (d: Date) => string,
): PdfContent[] {
  const rows: [string, string][] = [
    [t('payment.status'), t(`status.${order.status}`)],
    ...(order.payment_method ? [[t('payment.method'), t(`methods.${order.payment_method}`)] as [string, string]] : []),
    ...(order.transfer_reference ? [[t('payment.reference'), order.transfer_reference] as [string, string]] : []),
  ];
  // Only an order still waiting for a transfer needs the shop's account printed on it.
  const awaitsTransfer = order.status === 'unpaid' && order.payment_method === 'bank_transfer';
  const bankRows: [string, string][] = awaitsTransfer
    ? [
        [t('payment.beneficiary'), bank.accountHolder],
        [t('payment.iban'), friendlyFormatIBAN(bank.iban) ?? bank.iban],
        [t('payment.bic'), bank.bic],
      ]
    : [];
  const labelled = (list: [string, string][]) => ({
    table: {
      widths: [130, '*'],
      body: list.map(([label, value]) => [
        { text: label, style: 'muted' },
        { text: value, bold: true },
      ]),
    },
    layout: 'noBorders',
  });

  return [
    { text: t('payment.title').toUpperCase(), style: 'label', margin: [0, 0, 0, 4] },
    labelled(rows),
    ...(bankRows.length
      ? [
          { text: t('payment.bankTitle').toUpperCase(), style: 'label', margin: [0, 12, 0, 4] },
          labelled(bankRows),
          {
            text: t('payment.transferNote', { amount: money(order.total_cents), reference: order.transfer_reference ?? String(order.id) }),
            margin: [0, 6, 0, 0],
          },
        ]
      : []),
    ...(order.invoice_number !== null && order.paid_at
      ? [{ text: t('payment.paidNote', { date: date(order.paid_at) }), margin: [0, 12, 0, 0] }]
      : []),
    ...(order.invoice_number === null
      ? [
          {
            table: { widths: ['*'], body: [[{ text: t('proFormaNote'), style: 'notice' }]] },
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
          },
        ]
      : []),
  ];
}
