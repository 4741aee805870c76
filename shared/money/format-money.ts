/**
 * How each of the site's languages writes an amount in each of its currencies: what
 * Intl.NumberFormat writes with Node's ICU (format-money.test.ts compares them), without asking
 * ICU. Making the first currency formatter cost a slow phone 70 ms in the middle of a public page's
 * hydration, and a browser whose ICU writes a space differently from the server's would not
 * hydrate the server's prices: written here, both sides write the same characters.
 */
interface MoneyStyle {
  group: string;
  decimal: string;
  /** Digits the integer part needs beyond three before it is grouped (Polish: 1000,00 but 12 345,00). */
  minGrouping: number;
  symbols: Record<string, string>;
  place: (sign: string, amount: string, symbol: string) => string;
}

const NBSP = '\u00a0';
const STYLES: Record<string, MoneyStyle> = {
  fr: {
    group: '\u202f',
    decimal: ',',
    minGrouping: 1,
    symbols: { EUR: '€', USD: '$US', CAD: '$CA' },
    place: (sign, amount, symbol) => `${sign}${amount}${NBSP}${symbol}`,
  },
  nl: {
    group: '.',
    decimal: ',',
    minGrouping: 1,
    symbols: { EUR: '€', USD: 'US$', CAD: 'C$' },
    place: (sign, amount, symbol) => `${symbol}${NBSP}${sign}${amount}`,
  },
  en: {
    group: ',',
    decimal: '.',
    minGrouping: 1,
    symbols: { EUR: '€', USD: '$', CAD: 'CA$' },
    place: (sign, amount, symbol) => `${sign}${symbol}${amount}`,
  },
  pl: {
    group: NBSP,
    decimal: ',',
    minGrouping: 2,
    symbols: { EUR: '€', USD: 'USD', CAD: 'CAD' },
    place: (sign, amount, symbol) => `${sign}${amount}${NBSP}${symbol}`,
  },
};

// Another language or currency, or an amount that is not whole cents: ICU's answer, one formatter each.
const intlFormats = new Map<string, Intl.NumberFormat>();
function intlFormat(cents: number, currency: string, locale: string): string {
  const key = `${locale} ${currency}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
    intlFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** Cents shown divided by 100 with 2 decimals, in the page's language. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const style = STYLES[locale];
  const symbol = style?.symbols[currency];
  if (!style || !symbol || !Number.isSafeInteger(cents) || Object.is(cents, -0)) return intlFormat(cents, currency, locale);
  const units = String(Math.floor(Math.abs(cents) / 100));
  const hundredths = String(Math.abs(cents) % 100).padStart(2, '0');
  const grouped = units.length >= 3 + style.minGrouping ? units.replace(/\B(?=(\d{3})+$)/g, style.group) : units;
  return style.place(cents < 0 ? '-' : '', `${grouped}${style.decimal}${hundredths}`, symbol);
}
