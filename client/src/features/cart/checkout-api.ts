import type { CardCheckoutInput, PaypalCreateOrderInput } from '../../../../shared/schemas/checkout';
import { cartTotals } from '../../../../shared/money/cart-totals';
import type { Language } from '../../../../shared/i18n/languages';
import { checkoutItem, type CartLine } from '../../app/cart/cart-line';

// The bodies of the pay button's calls (spec §7, shared/contract/checkout.ts). The server reads
// only ids and quantities and checks the total against its own prices, so the total sent is the
// one the customer saw.

interface Buyer {
  userId: number;
  lng: Language;
  /** The customer's VAT override (0 under EU reverse charge); absent or null: the lines' rate. */
  taxRate?: number | null;
}

export function checkoutItems(lines: readonly CartLine[]) {
  return lines.map(checkoutItem);
}

export function cardCheckoutBody(lines: readonly CartLine[], { userId, lng, taxRate }: Buyer, now = Date.now()) {
  return {
    userId,
    items: checkoutItems(lines),
    totalCents: cartTotals(lines, { taxRate }).totalCents,
    nowClient: now,
    lng,
  } satisfies CardCheckoutInput;
}

export function paypalOrderBody(lines: readonly CartLine[], { userId, lng, taxRate }: Buyer) {
  return { userId, items: checkoutItems(lines), amount: cartTotals(lines, { taxRate }).totalCents, lng } satisfies PaypalCreateOrderInput;
}
