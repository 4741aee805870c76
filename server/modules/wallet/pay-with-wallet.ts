import type { Knex } from 'knex';
import { frozenClock, type Clock } from '../../clock/clock';
import type { JobQueue } from '../../jobs/job-queue';
import type { DocumentIssuer } from '../invoices/document-issuer';
import { NotFoundError } from '../../http/errors';
import { authorize } from '../../policies/authorize';
import type { UserRow } from '../auth/users.repo';
import { serverText } from '../../i18n/server-text';
import { assertTransition } from '../orders/order-lifecycle';
import { lockOrder, type OrderRow } from '../orders/orders.repo';
import { settleOrder } from '../payments/settle-order';
import { InsufficientBalance, OrderNotPayable, TransferAnnounced, WalletCurrencyMismatch } from './wallet.errors';
import { debitWallet, insertWalletMovement, walletBalance } from './wallet.repo';

export interface WalletPayment {
  order: OrderRow;
  balanceCents: number;
}

/**
 * Pays one of the customer's unpaid invoices from their wallet: in one transaction the order row is
 * locked, the balance taken with a conditional UPDATE (never below zero, whatever runs at the same
 * time), the movement written as a debit row, and the order settled like any other payment
 * (invoice number, renewal extended or machine reactivated, follow-up job), all at the clock's time.
 */
export async function payWithWallet(
  db: Knex,
  billing: { jobs: JobQueue; documents: DocumentIssuer },
  user: UserRow,
  orderId: number,
  clock: Clock,
  ip?: string,
): Promise<WalletPayment> {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw NotFoundError('No such order');
    authorize(user, 'order.pay', order);
    assertTransition(order, 'paid', OrderNotPayable);
    // The customer said the money is on its way by transfer: a second payment would charge twice.
    if (order.transfer_announced_at) throw TransferAnnounced();
    if (order.currency !== user.currency) throw WalletCurrencyMismatch(user.currency);

    const at = clock.now();
    const total = order.total_cents;
    const balanceCents = await debitWallet(trx, user.id, total, at);
    if (balanceCents === null) throw InsufficientBalance(await walletBalance(trx, user.id), total);
    const movementId = await insertWalletMovement(
      trx,
      {
        user_id: user.id,
        type: 'debit',
        amount_cents: -total,
        description: serverText(user.language, 'wallet.invoicePaid', { orderId: String(order.id) }),
        order_id: order.id,
      },
      at,
    );
    const paid = await settleOrder(trx, { ...billing, clock: frozenClock(at) }, order, {
      method: 'wallet',
      providerRef: `wallet-${movementId}`,
      actorId: user.id,
      auditAfter: { source: 'wallet', walletTransactionId: movementId, walletCents: balanceCents },
      ip,
      refuse: OrderNotPayable,
    });
    return { order: paid, balanceCents };
  });
}
