import type { Knex } from 'knex';
import type { RefundDestination } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money/cart-totals';
import { findUserById } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import { serverText } from '../../i18n/server-text';
import { queueOrderNotice } from './order-notice';
import type { OrderRow } from './orders.repo';
import type { IssuedDocument } from './ports/document-issuer';

/**
 * "Your order is cancelled and refunded: 12,00 € back on PayPal", in the customer's language, with
 * the credit note's PDF attached (taken when the mail leaves, once rendered). It takes the credit
 * note's own mail key: the customer gets one mail, this one, not a second about the same document.
 */
export async function queueOrderRefundedMail(
  trx: Knex,
  mailer: Mailer,
  order: OrderRow,
  refund: { amountCents: number; to: RefundDestination; creditNote: IssuedDocument | null },
): Promise<number | null> {
  const customer = await findUserById(trx, order.user_id);
  if (!customer) return null;
  const refunded = formatMoney(refund.amountCents, order.currency, customer.language).replace(/\u202f/g, '\u00a0');
  const destination = serverText(customer.language, `refundDestination.${refund.to}`);
  const note = refund.creditNote;
  return queueOrderNotice(trx, mailer, order, customer, {
    template: 'orderRefunded',
    dedupeKey: note ? `document-mail-${note.id}` : `order-refunded-${order.id}`,
    vars: { refunded, destination },
    extraDetails: [['refunded', `${refunded} · ${destination}`], ...(note ? ([['creditNote', note.number]] as const) : [])],
    ...(note ? { attachDocumentId: note.id } : {}),
  });
}
