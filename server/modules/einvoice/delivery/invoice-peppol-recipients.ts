import type { Knex } from 'knex';
import { invoiceBuyersOfOrders } from '../../invoices/billing-documents.repo';
import type { InvoicePeppolRecipients } from '../../orders/ports/invoice-peppol-recipients';
import { peppolRecipientOf } from './delivery-policy';

/** The orders' invoices Peppol carries, by the rule that sends them (delivery-policy), from each invoice's own buyer. */
export const invoicePeppolRecipients: InvoicePeppolRecipients = async (db: Knex, orderIds: readonly number[]) => {
  const buyers = await invoiceBuyersOfOrders(db, orderIds);
  const recipients = new Map<number, string>();
  for (const [orderId, buyer] of buyers) {
    const recipient = peppolRecipientOf({ data: { buyer } });
    if (recipient) recipients.set(orderId, `${recipient.scheme}:${recipient.id}`);
  }
  return recipients;
};
