import type { Knex } from 'knex';
import type { UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { queueOrderNotice } from '../orders/order-notice';
import type { OrderRow } from '../orders/orders.repo';

/**
 * "Order received", in the customer's language, once per order (the same unpaid order reused by a
 * second checkout is not mailed again). Bank-transfer orders get the transfer instructions instead.
 */
export async function mailOrderReceived(deps: { db: Knex; mailer: Mailer }, order: OrderRow, user: UserRow): Promise<void> {
  const { db, mailer } = deps;
  const mailId = await db.transaction((trx) =>
    queueOrderNotice(trx, mailer, order, user, { template: 'orderReceived', dedupeKey: `order-received-${order.id}` }),
  );
  if (mailId !== null) mailer.send([mailId]);
}
