// The decimal mark of the site's languages, as Intl.NumberFormat writes it (format-decimal.test.ts).
const DECIMAL_MARK: Record<string, string> = { fr: ',', nl: ',', en: '.', pl: ',' };

const byIntl = (value: number, lng: string) =>
  new Intl.NumberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/**
 * `value` with one decimal (a rating's average: 4,5), as Intl.NumberFormat writes it. The site's
 * languages are written here: a page's first Intl formatter costs a slow phone 70 ms of its
 * hydration. Other languages, and values with thousands to group, go to Intl.
 */
export function formatOneDecimal(value: number, lng: string): string {
  const mark = DECIMAL_MARK[lng];
  // The shortest decimal that is the number (0.15, not 0.1499…): Intl rounds that one, half away from zero.
  const digits = String(Math.abs(value));
  if (!mark || !/^\d{1,3}(\.\d+)?$/.test(digits) || Object.is(value, -0)) return byIntl(value, lng);
  const [units, decimals = ''] = digits.split('.');
  const tenths = Number(units) * 10 + Number(decimals[0] ?? 0) + (Number(decimals[1] ?? 0) >= 5 ? 1 : 0);
  if (tenths >= 10_000) return byIntl(value, lng); // rounds up to 1000: grouped
  return `${value < 0 ? '-' : ''}${Math.floor(tenths / 10)}${mark}${tenths % 10}`;
}
