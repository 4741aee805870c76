import type { Knex } from 'knex';
import type { EinvoiceDeliveriesQuery, EinvoiceDeliveryDto } from '../../../../shared/schemas/einvoice-deliveries';
import type { Clock } from '../../../clock/clock';
import type { JobQueue } from '../../../jobs/job-queue';
import { EINVOICE_SEND_QUEUE } from '../../../jobs/queues';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { findBillingDocument } from '../../invoices/billing-documents.repo';
import { canResend, isBlockedByValidation } from './delivery-policy';
import {
  eventsOf,
  findDeliveryOfDocument,
  findListedDelivery,
  insertDeliveryEvent,
  listDeliveries,
  requeueDelivery,
} from './einvoice-deliveries.repo';
import { DeliveryNotFound, NotResendable, StillInvalid } from './einvoice-deliveries.errors';
import { presentDelivery } from './einvoice-deliveries.presenter';
import type { EinvoiceSendJob } from './queue-einvoice-delivery';

/** Billing's Peppol list and 'Renvoyer' (admin only; the routes check who). */
export function createEinvoiceDeliveries(deps: { db: Knex; jobs: Pick<JobQueue, 'send'>; clock: Clock }) {
  const { db, jobs, clock } = deps;

  async function presented(documentId: number): Promise<EinvoiceDeliveryDto> {
    const row = await findListedDelivery(db, documentId);
    if (!row) throw DeliveryNotFound();
    return presentDelivery(row, await eventsOf(db, [row.id]));
  }

  return {
    async page(query: EinvoiceDeliveriesQuery): Promise<{ deliveries: EinvoiceDeliveryDto[]; next: number | null; hasMore: boolean }> {
      const { rows, next } = await listDeliveries(db, query);
      const events = await eventsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        deliveries: rows.map((row) =>
          presentDelivery(
            row,
            events.filter((e) => e.delivery_id === row.id),
          ),
        ),
        next,
        hasMore: next !== null,
      };
    },

    /**
     * Sends a rejected or failed document again, or a blocked one whose UBL is now valid: a new
     * round of tries, audited, its send job committed with it. 404 without a delivery, 409 otherwise.
     */
    async resend(actor: UserRow, documentId: number, ip?: string): Promise<EinvoiceDeliveryDto> {
      await db.transaction(async (trx) => {
        const delivery = await findDeliveryOfDocument(trx, documentId, { lock: true });
        if (!delivery) throw DeliveryNotFound();
        const document = await findBillingDocument(trx, documentId);
        if (!document) throw DeliveryNotFound();
        if (delivery.status === 'blocked' && isBlockedByValidation(document)) throw StillInvalid();
        if (!canResend(delivery.status, document)) throw NotResendable();
        const now = clock.now();
        const row = await requeueDelivery(trx, delivery.id, now);
        await insertDeliveryEvent(trx, { deliveryId: row.id, status: 'queued', actorId: actor.id, at: now });
        await writeAudit(trx, {
          actorId: actor.id,
          action: 'einvoice.resend_requested',
          entityType: 'billing_document',
          entityId: documentId,
          before: {
            status: delivery.status,
            attempts: delivery.attempts,
            apDocumentId: delivery.ap_document_id,
            reason: delivery.rejection_reason ?? delivery.last_error,
          },
          after: { status: row.status, number: document.number },
          ip,
        });
        await jobs.send(trx, EINVOICE_SEND_QUEUE.name, { deliveryId: row.id } satisfies EinvoiceSendJob);
      });
      return presented(documentId);
    },
  };
}

export type EinvoiceDeliveries = ReturnType<typeof createEinvoiceDeliveries>;
