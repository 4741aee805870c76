import type { Knex } from 'knex';
import type { JobQueue } from '../../jobs/job-queue';
import { NotFoundError } from '../../http/errors';
import type { UserRow } from '../auth/users.repo';
import { serverText } from '../mail/mail.templates';
import { lockOrder, type OrderRow } from '../orders/orders.repo';
import { settleOrder } from '../payments/settle-order';
import { InsufficientBalance, OrderNotPayable, TransferAnnounced, WalletCurrencyMismatch } from './wallet.errors';

export interface WalletPayment {
  order: OrderRow;
  balanceCents: number;
}

/**
 * Pays one of the customer's unpaid invoices from their wallet: in one transaction the order row is
 * locked, the balance taken with a conditional UPDATE (never below zero, whatever runs at the same
 * time), the movement written as a debit row, and the order settled like any other payment
 * (invoice number, renewal extended or machine reactivated, follow-up job).
 */
export async function payWithWallet(db: Knex, jobs: JobQueue, user: UserRow, orderId: number, ip?: string): Promise<WalletPayment> {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order || order.user_id !== user.id) throw NotFoundError('No such order');
    if (order.status !== 'unpaid') throw OrderNotPayable();
    // The customer said the money is on its way by transfer: a second payment would charge twice.
    if (order.transfer_announced_at) throw TransferAnnounced();
    if (order.currency !== user.currency) throw WalletCurrencyMismatch(user.currency);

    const total = Number(order.total_cents);
    const [wallet] = (await trx('users')
      .where({ id: user.id })
      .andWhere('wallet_cents', '>=', total)
      .update({ wallet_cents: trx.raw('wallet_cents - ?', [total]), updated_at: trx.fn.now() }, ['wallet_cents'])) as {
      wallet_cents: string | number;
    }[];
    if (!wallet) {
      const current = (await trx('users').where({ id: user.id }).first('wallet_cents')) as { wallet_cents: string | number };
      throw InsufficientBalance(Number(current.wallet_cents), total);
    }
    const [movement] = (await trx('wallet_transactions').insert(
      {
        user_id: user.id,
        type: 'debit',
        amount_cents: -total,
        description: serverText(user.language, 'wallet.invoicePaid', { orderId: String(order.id) }),
        order_id: order.id,
      },
      ['id'],
    )) as { id: number }[];
    await settleOrder(trx, jobs, order, {
      method: 'wallet',
      providerRef: `wallet-${movement!.id}`,
      actorId: user.id,
      auditAfter: { source: 'wallet', walletTransactionId: movement!.id, walletCents: Number(wallet.wallet_cents) },
      ip,
    });
    const paid = (await trx<OrderRow>('orders').where({ id: order.id }).first())!;
    return { order: paid, balanceCents: Number(wallet.wallet_cents) };
  });
}
