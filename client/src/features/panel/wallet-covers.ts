import type { CustomerOrderDto } from '../../../../shared/schemas/checkout';
import type { WalletDto } from '../../../../shared/schemas/wallet';

/** The wallet can pay this invoice: same currency (the server converts nothing) and enough balance. */
export function walletCovers(wallet: Pick<WalletDto, 'balance_cents' | 'currency'> | null, order: CustomerOrderDto): boolean {
  return wallet !== null && wallet.currency === order.currency && wallet.balance_cents >= order.total_cents;
}
