import type { Knex } from 'knex';
import type { RefundDestination } from '../../../shared/constants';
import type { Clock } from '../../clock/clock';
import type { JobQueue } from '../../jobs/job-queue';
import type { Mailer } from '../mail/mail.service';
import { canTransition, transitionOrder } from './order-lifecycle';
import { queueOrderRefundedMail } from './order-refunded.mail';
import { stockedLines, type OrderRow } from './orders.repo';
import type { IssuedDocument } from './ports/document-issuer';
import type { OrderPayments } from './ports/order-payments';
import { returnStock } from './stock.repo';

/**
 * After a refund, in its transaction: an order paid but not delivered yet that got all its money
 * back has nothing left to deliver. It ends through the lifecycle's `refunded_in_full` event
 * (cancelled, cancel_reason `refunded`, where the money went), so it leaves the staff queues and
 * nobody can take it; the stock its checkout took goes back on sale, and the customer is mailed
 * with the credit note. A partial refund, or one of a delivered or already cancelled order,
 * leaves the order as it is. Answers the mail's id (null when nothing ended).
 */
export async function endOrderRefundedInFull(
  trx: Knex,
  deps: { jobs: JobQueue; mailer: Mailer; clock: Clock; payments: OrderPayments },
  refund: { order: OrderRow; to: RefundDestination; creditNote: IssuedDocument | null; actor: number | null; ip?: string },
): Promise<number | null> {
  const { order } = refund;
  if (order.refunded_cents < order.total_cents || !canTransition(order, 'refunded_in_full')) return null;
  const restocked = order.renewal_of_order_id ? [] : await stockedLines(trx, order.id);
  for (const line of restocked) await returnStock(trx, line.product_id, line.qty, deps.clock.now());
  const { mailId } = await transitionOrder(trx, {
    order,
    event: 'refunded_in_full',
    actor: refund.actor,
    ip: refund.ip,
    clock: deps.clock,
    set: { cancel_reason: 'refunded', refunded_to: refund.to },
    audit: {
      before: { support_id: order.support_id },
      after: { reason: 'refunded', refunded_cents: order.refunded_cents, to: refund.to, restocked },
    },
    mail: (mailTrx, ended) =>
      queueOrderRefundedMail(mailTrx, deps.mailer, ended, {
        amountCents: ended.refunded_cents,
        to: refund.to,
        creditNote: refund.creditNote,
      }),
  });
  await deps.payments.closeOpenLater(trx, deps.jobs, order.id);
  return mailId;
}
