import { HttpError } from '../../http/errors';

export const OrderNotPayable = () => new HttpError(409, 'order_not_payable', 'This invoice is not waiting for a payment');
export const TransferAnnounced = () =>
  new HttpError(409, 'transfer_announced', 'A bank transfer was announced for this invoice; it will be reconciled by our team');
export const WalletCurrencyMismatch = (currency: string) =>
  new HttpError(409, 'wallet_currency', `The wallet holds ${currency}; this invoice is in another currency`, undefined, { currency });
export const InsufficientBalance = (balanceCents: number, totalCents: number) =>
  new HttpError(409, 'insufficient_balance', 'The wallet balance does not cover this invoice', undefined, { balanceCents, totalCents });
