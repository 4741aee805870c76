import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { findUserById } from '../auth/users.repo';
import { writeAudit } from '../audit/audit.repo';
import type { Mailer } from '../mail/mail.service';
import { queueOrderNotice } from '../orders/order-notice';
import { findOrder } from '../orders/orders.repo';
import type { ServiceMachines } from '../services/machines/service-machines';
import { reactivateServices } from '../billing-cycle/reactivation.job';
import { mailDate } from '../billing-cycle/billing-notice';
import { renewedUntil } from '../orders/renewed-until';
import { systemClock, type Clock } from '../../clock/clock';

export interface OrderPaidJob {
  orderId: number;
  /** A paid renewal brought these suspended services back: unsuspend them at the provider and tell the customer. */
  reactivatedServiceIds?: number[];
}

/**
 * After a payment, outside the webhook's answer: the "payment received" mail and the delivery
 * request staff work from (an audit row; the order itself is already pending in their list). One
 * transaction with a deduplicated mail: a retried job never mails twice.
 */
export function createOrderPaidFollowUp(deps: {
  db: Knex;
  mailer: Mailer;
  machines: ServiceMachines;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Defaults to the system clock. */
  clock?: Clock;
}) {
  const { db, mailer, machines, logger } = deps;
  const clock = deps.clock ?? systemClock;

  return async function followUp({ orderId, reactivatedServiceIds = [] }: OrderPaidJob): Promise<void> {
    if (reactivatedServiceIds.length) await reactivateServices({ db, mailer, machines, clock, logger }, orderId, reactivatedServiceIds);
    const mailId = await db.transaction(async (trx) => {
      const order = await findOrder(trx, orderId);
      if (!order || !order.paid_at) return null; // nothing paid: nothing to follow up
      const user = await findUserById(trx, order.user_id);
      if (!user) return null;
      // A renewal has nothing to deliver: its mail says until when the service now runs.
      const until = (await renewedUntil(trx, [order])).get(order.id);
      const invoice = ['invoice', order.invoice_number ?? '-'] as const;
      const id = until
        ? await queueOrderNotice(trx, mailer, order, user, {
            template: 'renewalPaid',
            dedupeKey: `payment-received-${order.id}`,
            vars: { until: mailDate(user.language, until) },
            extraDetails: [invoice, ['until', mailDate(user.language, until)]],
          })
        : await queueOrderNotice(trx, mailer, order, user, {
            template: 'paymentReceived',
            dedupeKey: `payment-received-${order.id}`,
            extraDetails: [invoice],
          });
      if (id === null) return null; // done by an earlier run
      if (order.status === 'pending') {
        await writeAudit(trx, {
          actorId: null,
          action: 'order.delivery_requested',
          entityType: 'order',
          entityId: order.id,
          after: { status: order.status, os: order.os },
        });
      }
      return id;
    });
    if (mailId !== null) {
      mailer.send([mailId]);
      logger.info({ orderId }, 'payment follow-up done');
    }
  };
}
