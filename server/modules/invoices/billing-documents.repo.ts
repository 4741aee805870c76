import type { Knex } from 'knex';
import type { BillingDocumentData, DocumentKind } from './billing-document';

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
  net_cents: string | number; // bigint columns arrive as strings
  tax_cents: string | number;
  total_cents: string | number;
  payable_cents: string | number;
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
  const [row] = await trx<BillingDocumentRow>('billing_documents')
    .insert(document)
    .returning('*');
  return row!;
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
  const [row] = await db<BillingDocumentRow>('billing_documents')
    .where({ id })
    .update(rendering)
    .returning('*');
  return row!;
}
