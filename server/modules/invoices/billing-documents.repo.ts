import type { Knex } from 'knex';
import { readKeysetPage, type Keyset } from '../../db/keyset';
import type { BillingDocumentData, DocumentKind, PartySnapshot } from './billing-document';

/** A row of billing_documents: the frozen facts (`data`) and, once made, its renderings. */
export interface BillingDocumentRow {
  id: number;
  kind: DocumentKind;
  number: string;
  order_id: number;
  user_id: number;
  corrects_document_id: number | null;
  issued_at: Date;
  currency: string;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  payable_cents: number;
  data: BillingDocumentData;
  pdf: Buffer | null;
  ubl_xml: string | null;
  /** The official checks' report (server/modules/einvoice/validation); null until rendered. */
  validation: StoredValidation | null;
  rendered_at: Date | null;
  created_at: Date;
}

/** What billing_documents.validation holds. `valid` null: no rules installed, issued unchecked. */
export interface StoredValidation {
  valid: boolean | null;
  errors: { rule: string; message: string }[];
  warnings: number;
  checkedAt: string | null;
  [detail: string]: unknown;
}

export type NewBillingDocument = Pick<
  BillingDocumentRow,
  'kind' | 'number' | 'order_id' | 'user_id' | 'corrects_document_id' | 'issued_at' | 'currency' | 'data'
> & { net_cents: number; tax_cents: number; total_cents: number; payable_cents: number };

/** Rows are inserted once, in the transaction that numbers them; the table's trigger refuses any later change of facts. */
export async function insertBillingDocument(trx: Knex, document: NewBillingDocument): Promise<BillingDocumentRow> {
  const [row] = await trx<BillingDocumentRow>('billing_documents').insert(document).returning('*');
  return row!;
}

/** Locks the row until the caller's transaction ends (two renderers of one document store one result). */
export function lockBillingDocument(trx: Knex, id: number): Promise<BillingDocumentRow | undefined> {
  return trx<BillingDocumentRow>('billing_documents').where({ id }).forUpdate().first();
}

export function findBillingDocument(db: Knex, id: number): Promise<BillingDocumentRow | undefined> {
  return db<BillingDocumentRow>('billing_documents').where({ id }).first();
}

/** The document only if it is this customer's: a foreign one reads exactly like a missing one. */
export function findCustomerDocument(db: Knex, userId: number, id: number, kind: DocumentKind): Promise<BillingDocumentRow | undefined> {
  return db<BillingDocumentRow>('billing_documents').where({ id, user_id: userId, kind }).first();
}

export function invoiceOfOrder(db: Knex, orderId: number): Promise<BillingDocumentRow | undefined> {
  return db<BillingDocumentRow>('billing_documents').where({ order_id: orderId, kind: 'invoice' }).first();
}

export function creditNotesOfOrder(db: Knex, orderId: number): Promise<BillingDocumentRow[]> {
  return db<BillingDocumentRow>('billing_documents').where({ order_id: orderId, kind: 'credit_note' }).orderBy('id');
}

/** Documents issued but not rendered yet (a render job that failed or has not run). */
export function unrenderedDocuments(db: Knex, limit: number): Promise<Pick<BillingDocumentRow, 'id'>[]> {
  return db<BillingDocumentRow>('billing_documents').whereNull('rendered_at').orderBy('id').limit(limit).select('id');
}

/** Stores the renderings; the trigger keeps a PDF and a valid UBL once written. */
export async function saveRendering(
  db: Knex,
  id: number,
  rendering: { pdf: Buffer; ubl_xml: string; validation: StoredValidation; rendered_at: Date },
): Promise<BillingDocumentRow> {
  const [row] = await db<BillingDocumentRow>('billing_documents').where({ id }).update(rendering).returning('*');
  return row!;
}

/** Newest issued first, id breaking ties (indexes billing_documents_newest_idx, _customer_newest_idx). */
const NEWEST_DOCUMENTS: Keyset = { table: 'billing_documents', alias: 'd', keys: ['{t}.issued_at', '{t}.id'], direction: 'desc' };

/**
 * A page of a customer's credit notes, newest first, after the credit note `after` (keyset, index
 * billing_documents_customer_newest_idx), with the number of the invoice each corrects.
 */
export function customerCreditNotes(
  db: Knex,
  userId: number,
  page: { after?: number; limit: number },
): Promise<{ rows: (BillingDocumentRow & { invoice_number: string })[]; next: number | null }> {
  const query = db('billing_documents as d')
    .join('billing_documents as i', 'i.id', 'd.corrects_document_id')
    .where({ 'd.user_id': userId, 'd.kind': 'credit_note' })
    .select('d.*', 'i.number as invoice_number');
  return readKeysetPage(query, NEWEST_DOCUMENTS, page.after, page.limit);
}

export interface DocumentFilter {
  kind: 'all' | DocumentKind;
  /** Brussels calendar days, inclusive. */
  from?: string;
  to?: string;
}

/** The documents one filter selects; their day is the Brussels one, as printed on them. */
function filtered(db: Knex, filter: DocumentFilter) {
  const query = db('billing_documents as d');
  if (filter.kind !== 'all') query.where('d.kind', filter.kind);
  if (filter.from) query.whereRaw("(d.issued_at AT TIME ZONE 'Europe/Brussels')::date >= ?::date", [filter.from]);
  if (filter.to) query.whereRaw("(d.issued_at AT TIME ZONE 'Europe/Brussels')::date <= ?::date", [filter.to]);
  return query;
}

export interface ListedDocumentRow extends Pick<
  BillingDocumentRow,
  | 'id'
  | 'kind'
  | 'number'
  | 'order_id'
  | 'user_id'
  | 'issued_at'
  | 'currency'
  | 'net_cents'
  | 'tax_cents'
  | 'total_cents'
  | 'payable_cents'
  | 'data'
  | 'validation'
> {
  customer_name: string;
  customer_email: string;
  corrects_number: string | null;
}

/** Billing's list: newest first, after the document `after` (keyset), and the cursor of the next page. */
export function listDocuments(
  db: Knex,
  filter: DocumentFilter,
  after: number | undefined,
  limit: number,
): Promise<{ rows: ListedDocumentRow[]; next: number | null }> {
  const query = filtered(db, filter)
    .join('users as u', 'u.id', 'd.user_id')
    .leftJoin('billing_documents as c', 'c.id', 'd.corrects_document_id')
    .select(
      'd.id',
      'd.kind',
      'd.number',
      'd.order_id',
      'd.user_id',
      'd.issued_at',
      'd.currency',
      'd.net_cents',
      'd.tax_cents',
      'd.total_cents',
      'd.payable_cents',
      'd.data',
      'd.validation',
      'u.full_name as customer_name',
      'u.email as customer_email',
      'c.number as corrects_number',
    );
  return readKeysetPage<ListedDocumentRow>(query, NEWEST_DOCUMENTS, after, limit);
}

/** Every document of a period, oldest first (the accountant's export). */
export function documentsOfPeriod(db: Knex, filter: Required<Pick<DocumentFilter, 'from' | 'to'>>): Promise<BillingDocumentRow[]> {
  return filtered(db, { kind: 'all', ...filter })
    .orderBy([
      { column: 'd.issued_at', order: 'asc' },
      { column: 'd.id', order: 'asc' },
    ])
    .select('d.*');
}

/** Orders that carry an invoice number but no stored invoice (numbered before documents were stored). */
export async function invoicedOrdersWithoutDocument(db: Knex, limit: number): Promise<number[]> {
  const rows: { id: number }[] = await db('orders as o')
    .whereNotNull('o.invoice_number')
    .whereNotExists(db('billing_documents as d').whereRaw('d.order_id = o.id').where('d.kind', 'invoice'))
    .orderBy('o.invoiced_at')
    .limit(limit)
    .select('o.id');
  return rows.map((r) => r.id);
}

/** The buyer each of these orders' invoices was issued to (frozen with the number), by order id. */
export async function invoiceBuyersOfOrders(db: Knex, orderIds: readonly number[]): Promise<Map<number, PartySnapshot>> {
  if (!orderIds.length) return new Map();
  const rows = (await db('billing_documents')
    .where({ kind: 'invoice' })
    .whereRaw('order_id = ANY(?::int[])', [`{${orderIds.map(Number).join(',')}}`])
    .select('order_id', db.raw("data->'buyer' AS buyer"))) as { order_id: number; buyer: PartySnapshot }[];
  return new Map(rows.map((row) => [row.order_id, row.buyer]));
}
