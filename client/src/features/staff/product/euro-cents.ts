/**
 * Euros as typed ("9,99", "9.99", "10") to integer cents, or null when it is not an amount with at
 * most two decimals. String arithmetic, not floats: 0.29 € is 29 cents, never 28.
 */
export function eurosToCents(typed: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
