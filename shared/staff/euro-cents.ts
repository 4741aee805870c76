/**
 * Euros as typed or sent ("9,99", "9.99", "10", 9.99) to integer cents, or null when it is not an
 * amount with at most two decimals. String arithmetic, not floats: 0.29 € is 29 cents, never 28,
 * and 9.99 (a JSON number) is 999. A number is read through its shortest decimal form, so a float
 * that is not a two-decimal amount (0.1 + 0.2) is refused rather than rounded.
 */
export function eurosToCents(typed: string | number): number | null {
  if (typeof typed === 'number' && !Number.isFinite(typed)) return null;
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(String(typed).trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
