import type { Knex } from 'knex';
import { formatMoney } from '../../../shared/money/cart-totals';
import { findUserById } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { linesByOrder, type OrderRow } from './orders.repo';

/**
 * "Your order was cancelled: not paid in time", in the customer's language, written in the
 * cancelling transaction; once per order (a second worker's run writes nothing).
 */
export async function queueReservationExpiredMail(trx: Knex, mailer: Mailer, order: OrderRow): Promise<number | null> {
  const customer = await findUserById(trx, order.user_id);
  if (!customer) return null;
  const lines = (await linesByOrder(trx, [order.id])).get(order.id) ?? [];
  const amount = formatMoney(Number(order.total_cents), order.currency, customer.language);
  return mailer.queueNotice(
    trx,
    { email: customer.email, fullName: customer.full_name, language: customer.language },
    {
      template: 'reservationExpired',
      path: 'PanelCLient?tab=factures',
      vars: { orderId: String(order.id), amount },
      details: [
        ['order', `#${order.id}`],
        ['product', lines.map((l) => (l.qty > 1 ? `${l.name} × ${l.qty}` : l.name)).join(', ')],
        ['amount', amount],
      ],
      dedupeKey: `reservation-expired-${order.id}`,
    },
  );
}
