import { ApiError } from '../../api/client';

// The refusals of POST /api/orders/{id}/pay-with-wallet, each with its own words (panel.wallet.errors.*).
const MESSAGE_KEYS: Record<string, string> = {
  insufficient_balance: 'insufficientBalance',
  order_not_payable: 'notPayable',
  transfer_announced: 'transferAnnounced',
  wallet_currency: 'currency',
  not_found: 'notFound',
};

/** The locale key that explains why a wallet payment failed; a generic one for the unexpected. */
export function walletPaymentErrorKey(error: unknown): string {
  const known = error instanceof ApiError ? MESSAGE_KEYS[error.error] : undefined;
  return `panel.wallet.errors.${known ?? 'failed'}`;
}
