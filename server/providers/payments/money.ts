// Providers that take amounts as decimal strings (PayPal, Mollie) get them from these two, so an
// amount never goes through float maths on its way out or back in: 0.1 + 0.2 stays a bug elsewhere.

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** 1234 -> "12.34", 5 -> "0.05", -5 -> "-0.05". Two decimals, as PayPal and Mollie want for EUR. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount in cents must be an integer, got ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const sign = cents < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * "12.34" -> 1234, "12.3" -> 1230, "12" -> 1200. Parsed as a string: extra decimals are accepted
 * only when they are zeros ("12.340"), anything else that would lose a fraction of a cent throws.
 */
export function decimalToCents(value: string): number {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign = '', whole = '', fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(2))) throw new RangeError(`Amount has more than 2 decimals: ${value}`);
  const cents = Number(whole + fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${value}`);
  return sign && cents !== 0 ? -cents : cents;
}
