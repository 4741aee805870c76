import type { Language } from '../../../shared/i18n/languages';
import type { VatSubtotal } from '../../../shared/tax/vat-amounts';
import { serverText } from '../../i18n/server-text';
import type { BillingDocumentRow } from './billing-documents.repo';

// The accountant's ledger of a period: one line per invoice or credit note, the base and VAT of each
// rate in its own pair of columns, credit notes negative so each column adds up to what is owed.
// Written for a Belgian Excel: UTF-8 with a BOM, `;` between fields, a decimal comma.

/** The Brussels calendar day of an instant, YYYY-MM-DD. */
export const brusselsDay = (at: Date | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));

/** 1234,56 / -8,26: what Excel reads as a number in a Belgian locale. */
export const csvAmount = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

/**
 * A field as Excel reads it back: quoted when it holds `;`, a quote or a line break; a text that
 * would start a formula (= + - @) is made plain text, so a customer's name never runs in the sheet.
 */
export function csvField(value: string, { text = true } = {}): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

interface RateColumn {
  key: string;
  category: VatSubtotal['category'];
  rate: number;
  /** The consumer's state of an OSS rate; null for the seller's own VAT. */
  country: string | null;
}

const columnKey = (s: VatSubtotal, country: string | null) => `${s.category}:${s.rate}:${country ?? ''}`;
const ossCountry = (row: BillingDocumentRow, s: VatSubtotal) =>
  row.data.vatScheme === 'oss' && s.category === 'S' ? row.data.buyer.country : null;

/** The seller's own rates first (highest first), then each OSS state's, then reverse charge, then outside the EU. */
function rateColumns(rows: readonly BillingDocumentRow[]): RateColumn[] {
  const found = new Map<string, RateColumn>();
  for (const row of rows) {
    for (const s of row.data.vat) {
      const country = ossCountry(row, s);
      const key = columnKey(s, country);
      if (!found.has(key)) found.set(key, { key, category: s.category, rate: s.rate, country });
    }
  }
  const order = (c: RateColumn) => (c.category === 'S' ? (c.country ? 1 : 0) : c.category === 'AE' ? 2 : 3);
  return [...found.values()].sort((a, b) => order(a) - order(b) || (a.country ?? '').localeCompare(b.country ?? '') || b.rate - a.rate);
}

/** What became of each invoice, from the credit notes among the rows. */
function invoiceStatuses(rows: readonly BillingDocumentRow[]): Map<number, 'paid' | 'unpaid' | 'partiallyCredited' | 'credited'> {
  const credited = new Map<number, number>();
  const byNumber = new Map(rows.filter((r) => r.kind === 'invoice').map((r) => [r.number, r.id]));
  for (const note of rows.filter((r) => r.kind === 'credit_note')) {
    const invoiceId = note.corrects_document_id ?? (note.data.corrects ? byNumber.get(note.data.corrects.number) : undefined);
    if (invoiceId !== undefined) credited.set(invoiceId, (credited.get(invoiceId) ?? 0) + note.data.totals.payableCents);
  }
  const statuses = new Map<number, 'paid' | 'unpaid' | 'partiallyCredited' | 'credited'>();
  for (const invoice of rows.filter((r) => r.kind === 'invoice')) {
    const back = credited.get(invoice.id) ?? 0;
    statuses.set(
      invoice.id,
      back >= invoice.data.totals.totalCents && back > 0
        ? 'credited'
        : back > 0
          ? 'partiallyCredited'
          : invoice.data.payment.paidAt
            ? 'paid'
            : 'unpaid',
    );
  }
  return statuses;
}

/**
 * The ledger of `listed` (the period's documents, invoices first, each series in number order);
 * `all` may hold later credit notes too: they count for an invoice's status, not as lines.
 */
export function ledgerCsv(listed: readonly BillingDocumentRow[], all: readonly BillingDocumentRow[], lng: Language = 'fr'): string {
  const t = (key: string, vars: Record<string, string> = {}) => serverText(lng, `invoice.ledger.${key}`, vars);
  const percent = (rate: number) => new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(rate);
  const columns = rateColumns(listed);
  const rateName = (c: RateColumn) =>
    c.category === 'AE'
      ? t('rates.reverseCharge')
      : c.category === 'O'
        ? t('rates.outsideScope')
        : c.country
          ? t('rates.oss', { rate: percent(c.rate), country: c.country })
          : t('rates.standard', { rate: percent(c.rate) });
  const statuses = invoiceStatuses(all);
  const sorted = [...listed].sort((a, b) => (a.kind === b.kind ? a.number.localeCompare(b.number) : a.kind === 'invoice' ? -1 : 1));

  const header = [
    t('number'),
    t('kind'),
    t('date'),
    t('customer'),
    t('vatNumber'),
    ...columns.flatMap((c) => [t('base', { rate: rateName(c) }), t('tax', { rate: rateName(c) })]),
    t('total'),
    t('currency'),
    t('method'),
    t('status'),
  ];
  const totals = new Map<string, number[]>();
  const lines = sorted.map((row) => {
    const sign = row.kind === 'credit_note' ? -1 : 1;
    const amounts = columns.flatMap((c) => {
      const s = row.data.vat.find((v) => columnKey(v, ossCountry(row, v)) === c.key);
      return [sign * (s?.baseCents ?? 0), sign * (s?.taxCents ?? 0)];
    });
    amounts.push(sign * row.data.totals.totalCents);
    const sum = totals.get(row.currency) ?? amounts.map(() => 0);
    totals.set(
      row.currency,
      sum.map((value, i) => value + amounts[i]!),
    );
    const method = row.data.payment.method;
    const status =
      row.kind === 'credit_note'
        ? t('statuses.corrects', { number: row.data.corrects?.number ?? '' })
        : t(`statuses.${statuses.get(row.id)}`);
    return [
      csvField(row.number),
      csvField(t(`kinds.${row.kind}`)),
      brusselsDay(row.issued_at),
      csvField(row.data.buyer.name),
      csvField(row.data.buyer.vatNumber ?? ''),
      ...amounts.map(csvAmount),
      csvField(row.currency),
      csvField(method ? serverText(lng, `invoice.methods.${method}`) : ''),
      csvField(status),
    ];
  });
  const totalLines = [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => [csvField(t('totalRow', { currency })), '', '', '', '', ...sum.map(csvAmount), currency, '', '']);
  return `\ufeff${[header.map((h) => csvField(h)), ...lines, ...totalLines].map((fields) => fields.join(';')).join('\r\n')}\r\n`;
}
