import type { Knex } from 'knex';
import type { RefundOrderInput } from '../../../../shared/schemas/staff';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import type { OrderRow } from '../../orders/orders.repo';
import { OrderNotFound } from '../orders/staff-orders.errors';
import { OrderNotPaid, RefundExceedsPaid } from './staff-billing.errors';

type RefundableOrder = OrderRow & { refunded_cents: string | number };

/**
 * Billing: gives money back to the customer's wallet for a paid order. One transaction that locks
 * the order row first, so two refunds of one order run one after the other and the second sees
 * what the first took; the orders CHECK (refunded_cents <= total_cents) backs this up.
 */
export async function refundOrder(db: Knex, staff: UserRow, orderId: number, input: RefundOrderInput, ip?: string): Promise<number> {
  return db.transaction(async (trx) => {
    const order = (await trx('orders').where({ id: orderId }).forUpdate().first()) as RefundableOrder | undefined;
    if (!order) throw OrderNotFound();
    // paid_at is set by the settlement only: an order cancelled before payment has none.
    if (order.status === 'unpaid' || order.paid_at === null) throw OrderNotPaid();
    const refunded = Number(order.refunded_cents);
    const refundable = Number(order.total_cents) - refunded;
    if (input.amount_cents > refundable) throw RefundExceedsPaid(refundable);

    await trx('orders')
      .where({ id: order.id })
      .update({ refunded_cents: trx.raw('refunded_cents + ?', [input.amount_cents]), updated_at: trx.fn.now() });
    const [transaction] = (await trx('wallet_transactions').insert(
      {
        user_id: order.user_id,
        type: 'refund',
        amount_cents: input.amount_cents,
        description: `Remboursement commande #${order.id} : ${input.reason}`,
        order_id: order.id,
      },
      ['id'],
    )) as { id: number }[];
    const [wallet] = (await trx('users')
      .where({ id: order.user_id })
      .update({ wallet_cents: trx.raw('wallet_cents + ?', [input.amount_cents]), updated_at: trx.fn.now() }, ['wallet_cents'])) as {
      wallet_cents: string | number;
    }[];

    await writeAudit(trx, {
      actorId: staff.id,
      action: 'order.refunded',
      entityType: 'order',
      entityId: order.id,
      before: { refunded_cents: refunded },
      after: {
        refunded_cents: refunded + input.amount_cents,
        amount_cents: input.amount_cents,
        reason: input.reason,
        wallet_transaction_id: transaction!.id,
        wallet_cents: Number(wallet!.wallet_cents),
      },
      ip,
    });
    return Number(wallet!.wallet_cents);
  });
}
