import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { JobQueue } from '../../jobs/job-queue';
import type { UserRow } from '../auth/users.repo';
import type { DocumentIssuer } from '../invoices/document-issuer';
import type { ClosePaymentsNow } from '../payments/close-payments-now';
import { renewedUntil } from '../orders/renewed-until';
import { linesByOrder, type OrderLineRow } from '../orders/orders.repo';
import { payWithWallet, type WalletPayment } from './pay-with-wallet';
import { customerWallet } from './wallet.repo';

/** A wallet payment with the paid order's lines, as the panel shows the invoice again. */
export interface WalletPaymentDone extends WalletPayment {
  lines: OrderLineRow[];
  /** A renewal paid: until when its service now runs. */
  renewedUntil: Date | null;
}

/** The customer's wallet: the balance and latest movements, and paying an invoice from it. */
export function createWallet(deps: {
  db: Knex;
  jobs: JobQueue;
  documents: DocumentIssuer;
  clock: Clock;
  closePaymentsNow: ClosePaymentsNow;
}) {
  const { db, jobs, documents, clock, closePaymentsNow } = deps;

  return {
    read: (user: UserRow) => customerWallet(db, user.id),

    async pay(user: UserRow, orderId: number, ip?: string): Promise<WalletPaymentDone> {
      const payment = await payWithWallet(db, { jobs, documents }, user, orderId, clock, ip);
      // Committed: the order's card, PayPal or Mollie pages must not take its price a second time.
      await closePaymentsNow(payment.order.id);
      const lines = await linesByOrder(db, [payment.order.id]);
      const renewed = await renewedUntil(db, [payment.order]);
      return { ...payment, lines: lines.get(payment.order.id) ?? [], renewedUntil: renewed.get(payment.order.id) ?? null };
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;
