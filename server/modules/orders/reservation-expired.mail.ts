import type { Knex } from 'knex';
import { findUserById } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { queueOrderNotice } from './order-notice';
import type { OrderRow } from './orders.repo';

/**
 * "Your order was cancelled: not paid in time", in the customer's language, written in the
 * cancelling transaction; once per order (a second worker's run writes nothing).
 */
export async function queueReservationExpiredMail(trx: Knex, mailer: Mailer, order: OrderRow): Promise<number | null> {
  const customer = await findUserById(trx, order.user_id);
  if (!customer) return null;
  return queueOrderNotice(trx, mailer, order, customer, { template: 'reservationExpired', dedupeKey: `reservation-expired-${order.id}` });
}
