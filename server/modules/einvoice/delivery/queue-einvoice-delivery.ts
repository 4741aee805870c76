import type { Knex } from 'knex';
import { systemClock, type Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import { EINVOICE_SEND_QUEUE } from '../../../jobs/queues';
import type { BillingDocumentRow } from '../../invoices/billing-documents.repo';
import { isBlockedByValidation, peppolRecipientOf, validationSummary } from './delivery-policy';
import { findDeliveryOfDocument, insertDelivery, insertDeliveryEvent, requeueDelivery } from './einvoice-deliveries.repo';

/** The send job's data: one delivery to try now. */
export interface EinvoiceSendJob {
  deliveryId: number;
}

/**
 * not_peppol: the buyer is not a Belgian VAT-registered business (the PDF by mail is all);
 * blocked: the UBL broke the official rules, staff see why, nothing is sent; queued: a send job
 * goes with the caller's commit; unchanged: the document already has its delivery.
 */
export type EinvoiceQueueDecision = 'not_peppol' | 'blocked' | 'queued' | 'unchanged';

/**
 * Call it in the transaction that stores a document's rendering (its UBL and validation), every
 * time one is stored. A Belgian business buyer's document gets its delivery row, queued with a
 * send job that runs after the commit, or blocked while its validation says `valid: false`. A
 * blocked document rendered again with a valid UBL is queued then; any other second call changes
 * nothing. `clock`: the time the row and its history record.
 */
export async function queueEinvoiceDelivery(
  trx: Knex,
  jobs: Pick<JobQueue, 'send'>,
  document: BillingDocumentRow,
  clock: Clock = systemClock,
): Promise<{ decision: EinvoiceQueueDecision; deliveryId: number | null }> {
  const recipient = peppolRecipientOf(document);
  if (!recipient) return { decision: 'not_peppol', deliveryId: null };
  if (!document.ubl_xml) throw new Error(`Billing document ${document.number} has no UBL yet: queue its e-invoice once it is rendered`);
  const now = clock.now();
  const blocked = isBlockedByValidation(document);

  const existing = await findDeliveryOfDocument(trx, document.id, { lock: true });
  if (existing) {
    if (existing.status !== 'blocked' || blocked) return { decision: 'unchanged', deliveryId: existing.id };
    const row = await requeueDelivery(trx, existing.id, now);
    await insertDeliveryEvent(trx, { deliveryId: row.id, status: 'queued', detail: null, at: now });
    await jobs.send(trx, EINVOICE_SEND_QUEUE.name, { deliveryId: row.id } satisfies EinvoiceSendJob);
    return { decision: 'queued', deliveryId: row.id };
  }

  const row = await insertDelivery(trx, { documentId: document.id, recipient, status: blocked ? 'blocked' : 'queued', now });
  if (!row) {
    // Another transaction queued it between our read and our insert: its row stands.
    const other = await findDeliveryOfDocument(trx, document.id);
    return { decision: 'unchanged', deliveryId: other?.id ?? null };
  }
  if (blocked) {
    await insertDeliveryEvent(trx, { deliveryId: row.id, status: 'blocked', detail: validationSummary(document), at: now });
    return { decision: 'blocked', deliveryId: row.id };
  }
  await insertDeliveryEvent(trx, { deliveryId: row.id, status: 'queued', detail: null, at: now });
  await jobs.send(trx, EINVOICE_SEND_QUEUE.name, { deliveryId: row.id } satisfies EinvoiceSendJob);
  return { decision: 'queued', deliveryId: row.id };
}
