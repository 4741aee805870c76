import type { Knex } from 'knex';
import { formatMoney } from '../../../shared/money/cart-totals';
import type { UserRow } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import type { MailDetails, MailTemplate } from '../mail/mail.templates';
import { orderDeliveryPromise } from '../catalog/delivery-promise.repo';
import { linesByOrder, type OrderLineRow, type OrderRow } from './orders.repo';

/**
 * The mails that promise a delay: an order whose products all deliver themselves reads their
 * `…_automatic` texts (i18next's context), "en ligne en quelques minutes", the others the terms'
 * 3 to 4 working days.
 */
const PROMISES_A_DELAY: ReadonlySet<MailTemplate> = new Set(['orderReceived', 'paymentReceived']);

/**
 * A mail about one order in its customer's language: the order number, its products and amount
 * (plus any `extraDetails`), a button to the invoices tab; written in the caller's transaction,
 * once per `dedupeKey`. Null when that mail was already written.
 */
/** "VPS Linux Starter (Ubuntu 24.04) × 2": the product, what was chosen, the quantity. */
function lineLabel(line: OrderLineRow): string {
  const chosen = [line.os_name, line.variant_name].filter(Boolean).join(', ');
  const name = chosen ? `${line.name} (${chosen})` : line.name;
  return line.qty > 1 ? `${name} × ${line.qty}` : name;
}

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
  const automatic = PROMISES_A_DELAY.has(notice.template) && (await orderDeliveryPromise(trx, order.id)) === 'automatic';
  return mailer.queueNotice(
    trx,
    { email: customer.email, fullName: customer.full_name, language: customer.language },
    {
      template: notice.template,
      path: 'PanelCLient?tab=factures',
      vars: { orderId: String(order.id), amount, ...(automatic && { context: 'automatic' }), ...notice.vars },
      details: [
        ['order', `#${order.id}`],
        ['product', lines.map(lineLabel).join(', ')],
        ['amount', amount],
        ...(notice.extraDetails ?? []),
      ],
      dedupeKey: notice.dedupeKey,
      ...(notice.attachDocumentId ? { attachDocumentId: notice.attachDocumentId } : {}),
    },
  );
}
