import type { Knex } from 'knex';
import type { RefundOrderInput } from '../../../../shared/schemas/staff';
import { frozenClock, type Clock } from '../../../clock/clock';
import type { UserRow } from '../../auth/users.repo';
import { assertTransition, transitionOrder } from '../../orders/order-lifecycle';
import { lockOrder } from '../../orders/orders.repo';
import { creditWallet, insertWalletMovement } from '../../wallet/wallet.repo';
import { OrderNotFound } from '../orders/staff-orders.errors';
import { OrderNotPaid, RefundExceedsPaid } from './staff-billing.errors';

/**
 * Billing: gives money back to the customer's wallet for an order that was paid (the lifecycle's
 * `refunded` event: the status stays, refunded_cents grows). One transaction that locks the order
 * row first, so two refunds of one order run one after the other and the second sees what the
 * first took; the orders CHECK (refunded_cents <= total_cents) backs this up.
 */
export async function refundOrder(
  db: Knex,
  staff: UserRow,
  orderId: number,
  input: RefundOrderInput,
  clock: Clock,
  ip?: string,
): Promise<number> {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw OrderNotFound();
    assertTransition(order, 'refunded', OrderNotPaid);
    const refunded = Number(order.refunded_cents);
    const refundable = Number(order.total_cents) - refunded;
    if (input.amount_cents > refundable) throw RefundExceedsPaid(refundable);

    const at = clock.now();
    const transactionId = await insertWalletMovement(
      trx,
      {
        user_id: order.user_id,
        type: 'refund',
        amount_cents: input.amount_cents,
        description: `Remboursement commande #${order.id} : ${input.reason}`,
        order_id: order.id,
      },
      at,
    );
    const walletCents = await creditWallet(trx, order.user_id, input.amount_cents, at);
    await transitionOrder(trx, {
      order,
      event: 'refunded',
      actor: staff.id,
      ip,
      clock: frozenClock(at),
      set: { refunded_cents: refunded + input.amount_cents },
      audit: {
        before: { refunded_cents: refunded },
        after: {
          refunded_cents: refunded + input.amount_cents,
          amount_cents: input.amount_cents,
          reason: input.reason,
          wallet_transaction_id: transactionId,
          wallet_cents: walletCents,
        },
      },
      refuse: OrderNotPaid,
    });
    return walletCents;
  });
}
