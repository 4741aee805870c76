import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { ConflictError, NotFoundError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { UserRow } from '../auth/users.repo';
import { authorize } from '../../policies/authorize';
import { assertTransition, transitionOrder } from './order-lifecycle';
import { lockOrder, stockedLines, type OrderRow } from './orders.repo';
import type { OrderPayments } from './ports/order-payments';
import { returnStock } from './stock.repo';

const OrderNotUnpaid = () => ConflictError('order_not_unpaid', 'Only an order waiting for its payment can be cancelled');
/** A renewal invoice is not an order the customer placed: the billing cycle ends its service instead. */
const RenewalNotCancellable = () => ConflictError('renewal_not_cancellable', 'A renewal invoice cannot be cancelled');

/**
 * The customer gives up one of their unpaid orders (panel, "Annuler la commande"). One transaction
 * on the locked row: the lifecycle's `cancelled_by_customer` event (status, cancelled_at, audit
 * row), the stock its checkout took back on sale, and the close job queued for its provider pages.
 * Another customer's order is a missing one (404); an order no longer unpaid is 409 and unchanged.
 * The caller closes the provider pages right after the commit (the job is the fallback).
 */
export async function cancelUnpaidOrder(
  db: Knex,
  deps: { jobs: JobQueue; clock: Clock; payments: OrderPayments },
  user: UserRow,
  orderId: number,
  ip?: string,
): Promise<OrderRow> {
  return db.transaction(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw NotFoundError('No such order');
    authorize(user, 'order.cancel', order);
    assertTransition(order, 'cancelled_by_customer', OrderNotUnpaid);
    if (order.renewal_of_order_id) throw RenewalNotCancellable();
    const restocked = await stockedLines(trx, order.id);
    for (const line of restocked) await returnStock(trx, line.product_id, line.qty, deps.clock.now());
    const { order: cancelled } = await transitionOrder(trx, {
      order,
      event: 'cancelled_by_customer',
      actor: user.id,
      ip,
      clock: deps.clock,
      set: { cancel_reason: 'cancelled_by_customer' },
      audit: { before: { method: order.payment_method }, after: { reason: 'cancelled_by_customer', restocked } },
      refuse: OrderNotUnpaid,
    });
    await deps.payments.closeOpenLater(trx, deps.jobs, order.id);
    return cancelled;
  });
}
