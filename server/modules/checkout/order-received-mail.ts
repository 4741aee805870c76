import type { Knex } from 'knex';
import { formatMoney } from '../../../shared/money/cart-totals';
import type { UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { linesByOrder, type OrderRow } from '../orders/orders.repo';

/**
 * "Order received", in the customer's language, once per order (the same unpaid order reused by a
 * second checkout is not mailed again). Bank-transfer orders get the transfer instructions instead.
 */
export async function mailOrderReceived(deps: { db: Knex; mailer: Mailer }, order: OrderRow, user: UserRow): Promise<void> {
  const { db, mailer } = deps;
  const mailId = await db.transaction(async (trx) => {
    const lines = (await linesByOrder(trx, [order.id])).get(order.id) ?? [];
    const amount = formatMoney(Number(order.total_cents), order.currency, user.language);
    return mailer.queueNotice(
      trx,
      { email: user.email, fullName: user.full_name, language: user.language },
      {
        template: 'orderReceived',
        path: 'PanelCLient?tab=factures',
        vars: { orderId: String(order.id), amount },
        details: [
          ['order', `#${order.id}`],
          ['product', lines.map((l) => (l.qty > 1 ? `${l.name} × ${l.qty}` : l.name)).join(', ')],
          ['amount', amount],
        ],
        dedupeKey: `order-received-${order.id}`,
      },
    );
  });
  if (mailId !== null) mailer.send([mailId]);
}
