import type { DocumentFormat } from '../../../shared/schemas/billing-documents';
import type { BillingDocumentRow } from './billing-documents.repo';

/** What a document's file is saved as: facture_{order id} (spec §7) for an invoice, note-de-credit_{number} for a credit note. */
export function documentFileName(document: Pick<BillingDocumentRow, 'kind' | 'number' | 'order_id'>, format: DocumentFormat): string {
  const base = document.kind === 'invoice' ? `facture_${document.order_id}` : `note-de-credit_${document.number}`;
  return `${base}.${format === 'ubl' ? 'xml' : 'pdf'}`;
}
