import { z } from 'zod';
import { customerOrderSchema } from './checkout';

export const walletTransactionSchema = z.object({
  id: z.number().int(),
  /** credit, debit (an invoice paid), refund (Billing gave money back), adjustment. */
  type: z.string(),
  /** Signed: credits add, debits subtract. */
  amount_cents: z.number().int(),
  description: z.string(),
  order_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
});
export type WalletTransactionDto = z.infer<typeof walletTransactionSchema>;

/** GET /api/wallet: the customer's balance (in their account's currency) and latest movements. */
export const walletSchema = z.object({
  balance_cents: z.number().int(),
  currency: z.string(),
  transactions: z.array(walletTransactionSchema),
});
export type WalletDto = z.infer<typeof walletSchema>;

/** POST /api/orders/{id}/pay-with-wallet: the paid order and what is left. */
export const walletPaymentSchema = z.object({
  order: customerOrderSchema,
  balance_cents: z.number().int(),
});
export type WalletPaymentDto = z.infer<typeof walletPaymentSchema>;
