import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import type { RenderedDocument } from '../../invoices/document-renderer';
import { queueDocumentMail, queuePeppolNotice } from '../../invoices/document-mail';
import { peppolRecipientOf } from './delivery-policy';
import type { Mailer } from '../../mail/mail.service';
import { queueEinvoiceDelivery } from './queue-einvoice-delivery';

/**
 * How a document reaches its customer once its files are stored, in that transaction: a Belgian
 * VAT-registered business through Peppol (only if its UBL passed the checks) with a mail saying so,
 * everyone else by a mail with the PDF attached.
 */
export function deliverRenderedDocument(deps: { jobs: Pick<JobQueue, 'send'>; clock: Clock; mailer: Pick<Mailer, 'queueNotice'> }) {
  return async (trx: Knex, document: RenderedDocument): Promise<void> => {
    const { decision } = await queueEinvoiceDelivery(trx, deps.jobs, document, deps.clock);
    if (decision === 'not_peppol') await queueDocumentMail(trx, deps.mailer, document);
    // On its way through Peppol: the customer is told where it went (no PDF mailed, it would be booked twice).
    const recipient = decision === 'queued' ? peppolRecipientOf(document) : null;
    if (recipient) await queuePeppolNotice(trx, deps.mailer, document, recipient);
  };
}
