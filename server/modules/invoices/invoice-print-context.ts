import countries from 'i18n-iso-countries';
import { createRequire } from 'node:module';
import { BRAND_COLOURS } from '../../../shared/brand/brand';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money/cart-totals';
import { serverText } from '../../i18n/server-text';
import type { PdfDocumentInput } from './pdf-document-types';

const require = createRequire(import.meta.url);
for (const lng of ['fr', 'nl', 'en', 'pl'] satisfies Language[]) countries.registerLocale(require(`i18n-iso-countries/langs/${lng}.json`));

// The site's navy and green (shared/brand), not a default blue: titles and the total in navy, the
// rule under the header in green, table heads on the pale green of the site.
export const INK = BRAND_COLOURS.ink;
export const MUTED = BRAND_COLOURS.muted;
export const ACCENT = BRAND_COLOURS.navy;
export const RULE_ACCENT = BRAND_COLOURS.green;
export const RULE = '#d1d5db';
export const SHADE = BRAND_COLOURS.greenSoft;

export type Translate = (key: string, vars?: Record<string, string>) => string;

/** What every block of the PDF needs: the facts, and how to say them in the document's language. */
export interface PrintContext {
  input: PdfDocumentInput;
  /** `invoice.<key>` in the document's language. */
  t: Translate;
  money: (cents: number) => string;
  /** A Brussels calendar day, long form (« 21 novembre 2026 »). */
  date: (iso: string) => string;
  /** A country's name from its ISO code. */
  country: (code: string) => string;
  /** A VAT rate as the language writes it (21, 5,5). */
  rate: (rate: number) => string;
  /** FACTURE, PRO FORMA or NOTE DE CRÉDIT. */
  title: string;
  /** « Facture n° 2026-000042 », « Note de crédit n° NC-2026-000007 », or a pro forma's « Commande n° 42 ». */
  reference: string;
  isProForma: boolean;
}

export function printedContext(input: PdfDocumentInput): PrintContext {
  const lng = input.language;
  const t: Translate = (key, vars = {}) => serverText(lng, `invoice.${key}`, vars);
  const isProForma = input.number === null;
  const isCreditNote = input.kind === 'credit_note';
  const title = isProForma ? t('proForma') : isCreditNote ? t('creditNote') : t('title');
  const reference = isProForma
    ? `${t('orderReference')} ${input.orderId}`
    : `${isCreditNote ? t('creditNoteNumber') : t('number')} ${input.number}`;
  return {
    input,
    t,
    // Intl groups French thousands with U+202F, which Roboto lacks: a no-break space prints the same.
    money: (cents) => formatMoney(cents, input.currency, lng).replace(/\u202f/g, '\u00a0'),
    date: (iso) => new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(dayOf(iso)),
    country: (code) => countries.getName(code, lng) ?? code,
    rate: (rate) => new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(rate),
    title,
    reference,
    isProForma,
  };
}

/** A bare calendar day (2026-12-31) is that day at noon UTC: the same day in Brussels whatever the offset. */
function dayOf(iso: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
}
