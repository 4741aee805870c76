import type { Knex } from 'knex';
import type { JobQueue } from '../../jobs/job-queue';
import { RENDER_DOCUMENT_QUEUE } from '../../jobs/queues';
import { findUserById } from '../auth/users.repo';
import { invoicedPeriod } from '../billing-cycle/renewal-period';
import type { BankAccount } from '../../shared/bank-account';
import { linesByOrder, type OrderRow } from '../orders/orders.repo';
import type { CreditInput, DocumentIssuer as DocumentIssuerPort } from '../orders/ports/document-issuer';
import type { BillingDocumentData } from './billing-document';
import { creditNotesOfOrder, insertBillingDocument, invoiceOfOrder, type BillingDocumentRow } from './billing-documents.repo';
import { creditNoteData, invoiceData, type Seller } from './document-data';
import { nextCreditNoteNumber, nextInvoiceNumber } from './invoice-number.repo';

export interface RenderDocumentJob {
  documentId: number;
}

/**
 * Gives invoices and credit notes their numbers and frozen facts, in the caller's transaction (the
 * order lifecycle's `paid` and `refunded` events): the row and the job that renders it commit with
 * the payment or the refund, or not at all. Reads only the database; nothing leaves the machine here.
 */
export function createDocumentIssuer(deps: { seller: Seller; bank: BankAccount; jobs: JobQueue }): DocumentIssuer {
  const { seller, bank, jobs } = deps;

  async function store(trx: Knex, order: Pick<OrderRow, 'id' | 'user_id'>, data: BillingDocumentData, correctsId: number | null) {
    const row = await insertBillingDocument(trx, {
      kind: data.kind,
      number: data.number,
      order_id: order.id,
      user_id: order.user_id,
      corrects_document_id: correctsId,
      issued_at: new Date(data.issuedAt),
      currency: data.currency,
      net_cents: data.totals.netCents,
      tax_cents: data.totals.taxCents,
      total_cents: data.totals.totalCents,
      payable_cents: data.totals.payableCents,
      data,
    });
    const job: RenderDocumentJob = { documentId: row.id };
    await jobs.send(trx, RENDER_DOCUMENT_QUEUE.name, job, { singletonKey: `document-${row.id}` });
    return row;
  }

  /** The facts of an order's invoice, from the order as it stands and the buyer as they are now. */
  async function factsOf(trx: Knex, order: OrderRow, number: string, at: Date): Promise<BillingDocumentData> {
    const buyer = await findUserById(trx, order.user_id);
    if (!buyer) throw new Error(`order ${order.id}: buyer ${order.user_id} missing`);
    const lines = (await linesByOrder(trx, [order.id])).get(order.id) ?? [];
    const servicePeriod = await invoicedPeriod(trx, order, order.paid_at ? new Date(order.paid_at) : at);
    return invoiceData({ order, lines, buyer, seller, bank, number, issuedAt: at, servicePeriod }) as BillingDocumentData;
  }

  /** Numbers the invoice of an order being paid (`order` carries its payment columns) and stores its facts. */
  async function issueInvoice(trx: Knex, order: OrderRow, at: Date): Promise<BillingDocumentRow> {
    const number = await nextInvoiceNumber(trx, at);
    return store(trx, order, await factsOf(trx, { ...order, paid_at: order.paid_at ?? at }, number, at), null);
  }

  /**
   * An invoiced order's document (the one a credit note corrects). An order invoiced before
   * documents were stored gets its document now, under the number it already has and dated as it
   * was; null for an order never invoiced. The caller holds the order's lock.
   */
  async function invoiceToCorrect(trx: Knex, order: OrderRow): Promise<BillingDocumentRow | null> {
    const existing = await invoiceOfOrder(trx, order.id);
    if (existing) return existing;
    if (!order.invoice_number || !order.invoiced_at) return null;
    return store(trx, order, await factsOf(trx, order, order.invoice_number, new Date(order.invoiced_at)), null);
  }

  /**
   * A credit note for `amountCents` given back on the order's invoice (a refund, or the rest of a
   * paid order being cancelled). Null for an order that was never invoiced: there is nothing to correct.
   */
  async function issueCreditNote(trx: Knex, order: OrderRow, credit: CreditInput, at: Date): Promise<BillingDocumentRow | null> {
    const invoice = await invoiceToCorrect(trx, order);
    if (!invoice) return null;
    const before = (await creditNotesOfOrder(trx, order.id)).reduce((sum, note) => sum + note.payable_cents, 0);
    const number = await nextCreditNoteNumber(trx, at);
    const data = creditNoteData({
      invoice: invoice.data,
      number,
      issuedAt: at,
      amountCents: credit.amountCents,
      creditedBeforeCents: before,
      reason: credit.reason,
      refundedTo: credit.to,
    });
    return store(trx, order, data, invoice.id);
  }

  return { issueInvoice, issueCreditNote, ensureInvoiceDocument: invoiceToCorrect };
}

/** The orders module's port, answering whole billing_documents rows. */
export type DocumentIssuer = DocumentIssuerPort<BillingDocumentRow>;
export type { CreditInput };
