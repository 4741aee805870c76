import type { Knex } from 'knex';
import { formatMoney } from '../../../shared/money/cart-totals';
import { findUserById } from '../auth/users.repo';
import type { Mailer } from '../mail/mail.service';
import type { BillingDocumentRow } from './billing-documents.repo';

/**
 * The customer's copy of an issued document when it does not go through Peppol: a mail in their
 * language with the PDF attached (read from the stored rendering when the mail leaves), written in
 * the caller's transaction, once per document whatever retries happen.
 */
export async function queueDocumentMail(
  trx: Knex,
  mailer: Pick<Mailer, 'queueNotice'>,
  document: BillingDocumentRow,
): Promise<number | null> {
  const buyer = await findUserById(trx, document.user_id);
  if (!buyer) return null;
  const invoice = document.kind === 'invoice';
  const cents = invoice ? document.total_cents : document.payable_cents;
  const amount = formatMoney(cents, document.currency, buyer.language).replace(/\u202f/g, '\u00a0');
  return mailer.queueNotice(
    trx,
    { email: buyer.email, fullName: buyer.full_name, language: buyer.language },
    {
      template: invoice ? 'invoiceIssued' : 'creditNoteIssued',
      path: 'PanelCLient?tab=factures',
      vars: { number: document.number, orderId: String(document.order_id), amount, invoiceNumber: document.data.corrects?.number ?? '' },
      details: [
        ['number', document.number],
        ['order', String(document.order_id)],
        ['amount', amount],
      ],
      dedupeKey: `document-mail-${document.id}`,
      attachDocumentId: document.id,
    },
  );
}

/**
 * A Belgian VAT-registered business's document leaves through Peppol, straight into its
 * accounting software, so it gets no PDF by mail (booked twice otherwise): this mail says where it
 * went, and that the PDF and the UBL stay in the panel. Once per document.
 */
export async function queuePeppolNotice(
  trx: Knex,
  mailer: Pick<Mailer, 'queueNotice'>,
  document: BillingDocumentRow,
  recipient: { scheme: string; id: string },
): Promise<number | null> {
  const buyer = await findUserById(trx, document.user_id);
  if (!buyer) return null;
  const invoice = document.kind === 'invoice';
  const cents = invoice ? document.total_cents : document.payable_cents;
  const amount = formatMoney(cents, document.currency, buyer.language).replace(/\u202f/g, '\u00a0');
  const peppolId = `${recipient.scheme}:${recipient.id}`;
  return mailer.queueNotice(
    trx,
    { email: buyer.email, fullName: buyer.full_name, language: buyer.language },
    {
      template: invoice ? 'invoicePeppol' : 'creditNotePeppol',
      path: 'PanelCLient?tab=factures',
      vars: { number: document.number, orderId: String(document.order_id), amount, peppolId },
      details: [
        ['number', document.number],
        ['order', String(document.order_id)],
        ['amount', amount],
        ['peppolId', peppolId],
      ],
      dedupeKey: `document-peppol-mail-${document.id}`,
    },
  );
}
