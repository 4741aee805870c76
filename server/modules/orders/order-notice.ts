import type { Knex } from 'knex';
import { formatMoney } from '../../../shared/money/cart-totals';
import type { UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import type { MailDetails, MailTemplate } from '../mail/mail.templates';
import { linesByOrder, type OrderRow } from './orders.repo';

/**
 * A mail about one order in its customer's language: the order number, its products and amount
 * (plus any `extraDetails`), a button to the invoices tab; written in the caller's transaction,
 * once per `dedupeKey`. Null when that mail was already written.
 */
export async function queueOrderNotice(
  trx: Knex,
  mailer: Mailer,
  order: OrderRow,
  customer: Pick<UserRow, 'email' | 'full_name' | 'language'>,
  notice: {
    template: MailTemplate;
    dedupeKey: string;
    extraDetails?: MailDetails;
    /** More values the template's texts interpolate, beside the order number and its amount. */
    vars?: Record<string, string>;
    /** An issued document (a credit note) whose PDF the mail carries. */
    attachDocumentId?: number;
  },
): Promise<number | null> {
  const lines = (await linesByOrder(trx, [order.id])).get(order.id) ?? [];
  const amount = formatMoney(order.total_cents, order.currency, customer.language);
  return mailer.queueNotice(
    trx,
    { email: customer.email, fullName: customer.full_name, language: customer.language },
    {
      template: notice.template,
      path: 'PanelCLient?tab=factures',
      vars: { orderId: String(order.id), amount, ...notice.vars },
      details: [
        ['order', `#${order.id}`],
        ['product', lines.map((l) => (l.qty > 1 ? `${l.name} × ${l.qty}` : l.name)).join(', ')],
        ['amount', amount],
        ...(notice.extraDetails ?? []),
      ],
      dedupeKey: notice.dedupeKey,
      ...(notice.attachDocumentId ? { attachDocumentId: notice.attachDocumentId } : {}),
    },
  );
}
