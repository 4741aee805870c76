// Belgian structured communication (+++ddd/dddd/ddddd+++): 10 digits, then their value mod 97
// (97 when it is 0) as two check digits. Banks check the digits, so a typo is caught at the bank.

const PATTERN = /^\+\+\+(\d{3})\/(\d{4})\/(\d{5})\+\+\+$/;

export function structuredReference(base: string): string {
  if (!/^\d{10}$/.test(base)) throw new Error('structured reference base must be 10 digits');
  const check = Number(base) % 97 || 97;
  const digits = `${base}${String(check).padStart(2, '0')}`;
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}

/** The reference of an order: its id on 10 digits, so one order has one reference. */
export function orderTransferReference(orderId: number): string {
  if (!Number.isInteger(orderId) || orderId <= 0 || orderId >= 1e10) throw new Error('order id out of range');
  return structuredReference(String(orderId).padStart(10, '0'));
}

export function isValidStructuredReference(reference: string): boolean {
  const match = PATTERN.exec(reference);
  if (!match) return false;
  const digits = match.slice(1).join('');
  const base = digits.slice(0, 10);
  return structuredReference(base) === reference;
}
