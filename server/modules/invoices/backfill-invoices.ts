import type { Knex } from 'knex';
import { lockOrder } from '../orders/orders.repo';
import { invoicedOrdersWithoutDocument } from './billing-documents.repo';
import type { DocumentIssuer } from './document-issuer';

/**
 * At start-up: every order invoiced before documents were stored (or seeded with a number) gets
 * its invoice document under the number it has, dated as it was, and is queued for rendering like
 * any new one, so Billing's documents, the export and the panel show every invoice. One order per
 * short transaction; a second instance starting at once finds the documents already there.
 */
export async function backfillInvoiceDocuments(db: Knex, issuer: DocumentIssuer): Promise<number> {
  let made = 0;
  const tried = new Set<number>(); // an order that cannot get one (no invoice date) is not tried again
  for (;;) {
    const ids = (await invoicedOrdersWithoutDocument(db, 100 + tried.size)).filter((id) => !tried.has(id));
    if (ids.length === 0) return made;
    for (const id of ids) {
      tried.add(id);
      await db.transaction(async (trx) => {
        const order = await lockOrder(trx, id);
        if (order && (await issuer.ensureInvoiceDocument(trx, order))) made += 1;
      });
    }
  }
}
