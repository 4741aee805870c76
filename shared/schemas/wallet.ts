import type { CustomerOrderDto } from './checkout';

/** GET /api/wallet: the customer's balance (in their account's currency) and latest movements. */
export interface WalletDto {
  balance_cents: number;
  currency: string;
  transactions: WalletTransactionDto[];
}

export interface WalletTransactionDto {
  id: number;
  /** credit, debit (an invoice paid), refund (Billing gave money back), adjustment. */
  type: string;
  /** Signed: credits add, debits subtract. */
  amount_cents: number;
  description: string;
  order_id: number | null;
  created_at: string;
}

/** POST /api/orders/{id}/pay-with-wallet. */
export interface WalletPaymentDto {
  order: CustomerOrderDto;
  balance_cents: number;
}
