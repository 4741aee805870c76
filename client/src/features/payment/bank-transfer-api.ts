import { bankTransferSchema, type BankTransferConfirmInput, type BankTransferInput } from '../../../../shared/schemas/checkout';
import { cartTotals } from '../../../../shared/money/cart-totals';
import type { Language } from '../../../../shared/i18n/languages';
import { checkoutItem, type CartLine } from '../../app/cart/cart-line';

// The bodies of the bank-transfer page's calls (spec §7, shared/contract/checkout.ts): check the
// IBAN, place the order, record the declaration.

export type { BankTransferDetailsDto, IbanCheckDto } from '../../../../shared/schemas/checkout';

/** The customer's own account, the one the transfer comes from; the same rules as the server's. */
export const payerSchema = bankTransferSchema.pick({ accountName: true, accountIBAN: true });
export interface Payer {
  accountName: string;
  accountIBAN: string;
}

/** taxRate: the customer's VAT override (0 under EU reverse charge); null or absent: the lines' rate. */
export function bankTransferBody(
  lines: readonly CartLine[],
  payer: Payer,
  { userId, lng, taxRate }: { userId: number; lng: Language; taxRate?: number | null },
) {
  return {
    userId,
    items: lines.map(checkoutItem),
    totalCents: cartTotals(lines, { taxRate }).totalCents,
    accountIBAN: payer.accountIBAN,
    accountName: payer.accountName,
    lng,
  } satisfies BankTransferInput;
}

export function confirmTransferBody(orderId: number, userId: number, payer: Payer) {
  return { orderId, userId, accountIBAN: payer.accountIBAN, accountName: payer.accountName } satisfies BankTransferConfirmInput;
}

/** An IBAN in groups of four, as printed on bank cards and statements. */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}
