import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import type { RenderedDocument } from '../../invoices/document-renderer';
import { queueDocumentMail } from '../../invoices/document-mail';
import type { Mailer } from '../../mail/mail.service';
import { queueEinvoiceDelivery } from './queue-einvoice-delivery';

/**
 * How a document reaches its customer once its files are stored, in that transaction: a Belgian
 * VAT-registered business through Peppol (only if its UBL passed the checks), everyone else by a
 * mail with the PDF attached.
 */
export function deliverRenderedDocument(deps: { jobs: Pick<JobQueue, 'send'>; clock: Clock; mailer: Pick<Mailer, 'queueNotice'> }) {
  return async (trx: Knex, document: RenderedDocument): Promise<void> => {
    const { decision } = await queueEinvoiceDelivery(trx, deps.jobs, document, deps.clock);
    if (decision === 'not_peppol') await queueDocumentMail(trx, deps.mailer, document);
  };
}
