// What the client panel's calls share beyond the contract (shared/contract/{orders,wallet,vps,invoices}.ts).
import { creditNotesApi, invoicesApi } from '../../../../shared/contract/invoices';
import type { DocumentFormat } from '../../../../shared/schemas/billing-documents';
import { urlOf } from '../../api/call';

const extension = (format: DocumentFormat) => (format === 'ubl' ? 'xml' : 'pdf');

/** An order's document: the PDF (invoice once paid, a pro forma before), or its UBL once issued; fetched with the bearer, not JSON. */
export const invoiceFileUrl = (orderId: number, format: DocumentFormat = 'pdf') =>
  urlOf(invoicesApi.pdf, { params: { id: String(orderId) }, query: format === 'pdf' ? undefined : { format } });
/** The name it is saved under when the server names none (it names issued documents by number: facture_2026-000006.pdf). */
export const invoiceFileName = (orderId: number, format: DocumentFormat = 'pdf') => `facture_${orderId}.${extension(format)}`;

/** One of the customer's credit notes, as PDF or UBL. */
export const creditNoteFileUrl = (id: number, format: DocumentFormat) =>
  urlOf(creditNotesApi.document, { params: { id: String(id) }, query: { format } });
export const creditNoteFileName = (number: string, format: DocumentFormat) =>
  `note_de_credit_${number.replace(/[^A-Za-z0-9._-]/g, '_')}.${extension(format)}`;
