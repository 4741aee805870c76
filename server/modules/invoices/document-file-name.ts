import type { DocumentFormat } from '../../../shared/schemas/billing-documents';
import type { BillingDocumentRow } from './billing-documents.repo';

/**
 * What a document's file is saved as: its number, the way the accountant files it (issue 34,
 * superseding the spec's facture_{order id}): facture_2026-000006.pdf, note-de-credit_NC-2026-000007.xml.
 */
export function documentFileName(document: Pick<BillingDocumentRow, 'kind' | 'number'>, format: DocumentFormat): string {
  const stem = document.number.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${document.kind === 'invoice' ? 'facture' : 'note-de-credit'}_${stem}.${format === 'ubl' ? 'xml' : 'pdf'}`;
}

/** An unpaid order's pro forma has no number yet: it is named by its order. */
export const proFormaFileName = (orderId: number) => `pro-forma_commande-${orderId}.pdf`;
