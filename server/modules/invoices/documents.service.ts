import type {
  BillingDocumentDto,
  CreditNoteDto,
  DocumentFormat,
  DocumentsQuery,
  ExportQuery,
} from '../../../shared/schemas/billing-documents';
import type { Clock } from '../../clock/clock';
import { HttpError, NotFoundError } from '../../http/errors';
import { authorize, can } from '../../policies/authorize';
import { findUserById, type UserRow } from '../auth/users.repo';
import { invoicedPeriod } from '../billing-cycle/renewal-period';
import type { BankAccount } from '../../shared/bank-account';
import { findCustomerOrder, findOrder, linesByOrder, lockOrder, type OrderRow } from '../orders/orders.repo';
import {
  customerCreditNotes,
  documentsOfPeriod,
  findBillingDocument,
  findCustomerDocument,
  invoiceOfOrder,
  listDocuments,
  type BillingDocumentRow,
} from './billing-documents.repo';
import { presentDocument } from './billing-documents.presenter';
import { invoiceData, type Seller } from './document-data';
import { documentFileName, proFormaFileName } from './document-file-name';
import type { DocumentIssuer } from './document-issuer';
import { ensureRendered, type DocumentRenderer, type RenderDeps, type RenderedDocument } from './document-renderer';

export const InvoiceNotIssued = () =>
  new HttpError(409, 'invoice_not_issued', 'The order is not paid: it has a pro forma, not an invoice (no e-invoice before the number)');

export interface FileAnswer {
  fileName: string;
  contentType: 'application/pdf' | 'application/xml' | 'application/zip';
  body: Buffer;
}

export interface DocumentsDeps extends Omit<RenderDeps, 'renderer'> {
  renderer: DocumentRenderer & {
    /** A pro forma's PDF (no number, nothing stored). */
    draftPdf(data: ReturnType<typeof invoiceData>): Promise<Buffer>;
  };
  issuer: DocumentIssuer;
  seller: Seller;
  bank: BankAccount;
  clock: Clock;
  /** The accountant's zip of a period's rendered documents. */
  exportZip(rows: RenderedDocument[], period: ExportQuery): Uint8Array;
}

/** A document's PDF or UBL, named by its number for customers and staff alike. */
const fileOf = (row: RenderedDocument, format: DocumentFormat): FileAnswer =>
  format === 'ubl'
    ? { fileName: documentFileName(row, 'ubl'), contentType: 'application/xml', body: Buffer.from(row.ubl_xml, 'utf8') }
    : { fileName: documentFileName(row, 'pdf'), contentType: 'application/pdf', body: row.pdf };

/** Invoices and credit notes as files (stored renderings, made on first need), lists and the accountant's export. */
export function createDocuments(deps: DocumentsDeps) {
  const { db } = deps;
  const rendered = (row: BillingDocumentRow) => ensureRendered(deps, row);

  /** An invoiced order's document; one invoiced before documents were stored gets it now, under its number. */
  async function invoiceDocument(order: OrderRow): Promise<BillingDocumentRow> {
    const existing = await invoiceOfOrder(db, order.id);
    if (existing) return existing;
    const made = await db.transaction(async (trx) => deps.issuer.ensureInvoiceDocument(trx, (await lockOrder(trx, order.id))!));
    if (!made) throw new Error(`order ${order.id} has no invoice`);
    return made;
  }

  /** A pro forma of an unpaid order, in its buyer's language, made from the same facts an invoice freezes. */
  async function proForma(order: OrderRow): Promise<Buffer> {
    const buyer = await findUserById(db, order.user_id);
    if (!buyer) throw NotFoundError('No such order');
    const lines = (await linesByOrder(db, [order.id])).get(order.id) ?? [];
    const servicePeriod = await invoicedPeriod(db, order, null);
    const draft = invoiceData({
      order,
      lines,
      buyer,
      seller: deps.seller,
      bank: deps.bank,
      number: null,
      issuedAt: deps.clock.now(),
      servicePeriod,
    });
    return deps.renderer.draftPdf(draft);
  }

  /** GET /api/vps/orders/{id}/invoice: facture_{number}.pdf or .xml once issued, a pro forma (pro-forma_commande-{id}.pdf) while unpaid. */
  async function invoiceFile(viewer: UserRow, orderId: number, format: DocumentFormat): Promise<FileAnswer> {
    const order = can(viewer, 'invoice.readAny') ? await findOrder(db, orderId) : await findCustomerOrder(db, viewer.id, orderId);
    // A foreign order answers exactly like a missing one.
    if (!order) throw NotFoundError('No such order');
    authorize(viewer, 'invoice.read', order);
    if (order.invoice_number === null) {
      if (format === 'ubl') throw InvoiceNotIssued();
      return { fileName: proFormaFileName(order.id), contentType: 'application/pdf', body: await proForma(order) };
    }
    return fileOf(await rendered(await invoiceDocument(order)), format);
  }

  /** A page of the customer's credit notes, newest first, and the cursor of the next page (null at the end). */
  async function creditNotes(
    user: UserRow,
    page: { after?: number; limit: number },
  ): Promise<{ credit_notes: CreditNoteDto[]; next: number | null }> {
    const { rows, next } = await customerCreditNotes(db, user.id, page);
    const credit_notes = rows.map((row) => ({
      id: row.id,
      number: row.number,
      issued_at: new Date(row.issued_at).toISOString(),
      order_id: row.order_id,
      invoice_number: row.invoice_number,
      net_cents: row.net_cents,
      tax_cents: row.tax_cents,
      total_cents: row.payable_cents,
      currency: row.currency,
      reason: row.data.reason,
    }));
    return { credit_notes, next };
  }

  async function creditNoteFile(user: UserRow, id: number, format: DocumentFormat): Promise<FileAnswer> {
    const row = await findCustomerDocument(db, user.id, id, 'credit_note');
    if (!row) throw NotFoundError('No such credit note');
    authorize(user, 'creditNote.read', row);
    return fileOf(await rendered(row), format);
  }

  async function documentsPage(query: DocumentsQuery): Promise<{ documents: BillingDocumentDto[]; next: number | null; hasMore: boolean }> {
    const { rows, next } = await listDocuments(db, query, query.after, query.limit);
    return { documents: rows.map(presentDocument), next, hasMore: next !== null };
  }

  async function documentFile(id: number, format: DocumentFormat): Promise<FileAnswer> {
    const row = await findBillingDocument(db, id);
    if (!row) throw NotFoundError('No such document');
    return fileOf(await rendered(row), format);
  }

  /** The period's documents, each rendered first (one at a time: a year of documents must not run the checks all at once). */
  async function exportPeriod(period: ExportQuery): Promise<FileAnswer> {
    const rows: RenderedDocument[] = [];
    for (const row of await documentsOfPeriod(db, period)) rows.push(await rendered(row));
    return {
      fileName: `export-comptable_${period.from}_${period.to}.zip`,
      contentType: 'application/zip',
      body: Buffer.from(deps.exportZip(rows, period)),
    };
  }

  return { invoiceFile, creditNotes, creditNoteFile, documentsPage, documentFile, exportPeriod };
}

export type Documents = ReturnType<typeof createDocuments>;
