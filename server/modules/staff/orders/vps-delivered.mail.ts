import type { Knex } from 'knex';
import { findUserById } from '../../auth/users.repo';
import type { Mailer } from '../../mail/mail.service';
import type { OrderRow } from '../../orders/orders.repo';

/**
 * The customer's "your server is ready" mail, written in the delivering transaction. It names the
 * machine but never carries its password: the panel shows that to the owner only.
 */
export async function queueVpsDeliveredMail(
  trx: Knex,
  mailer: Mailer,
  order: OrderRow,
  vps: { service_name: string; ip: string; os: string; expires_at: Date },
): Promise<number | null> {
  const customer = await findUserById(trx, order.user_id);
  if (!customer) return null;
  const expires = new Intl.DateTimeFormat(customer.language, { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(vps.expires_at);
  return mailer.queueNotice(
    trx,
    { email: customer.email, fullName: customer.full_name, language: customer.language },
    {
      template: 'vpsDelivered',
      path: 'PanelCLient',
      vars: { orderId: String(order.id) },
      details: [
        ['order', `#${order.id}`],
        ['server', vps.service_name],
        ['ip', vps.ip],
        ['os', vps.os],
        ['expires', expires],
      ],
      dedupeKey: `vps-delivered-${order.id}`,
    },
  );
}
