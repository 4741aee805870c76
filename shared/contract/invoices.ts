import { creditNotesAnswerSchema, creditNotesQuerySchema, documentFormatQuerySchema } from '../schemas/billing-documents';
import { idParams } from '../schemas/ids';
import { endpoint } from './endpoint';

export const invoicesApi = {
  pdf: endpoint({
    method: 'get',
    path: '/api/vps/orders/{id}/invoice',
    summary:
      'The order’s invoice: facture_{id}.pdf (a pro forma while unpaid), or with ?format=ubl its Peppol BIS 3.0 UBL facture_{id}.xml once issued',
    tag: 'invoices',
    access: 'session',
    params: idParams,
    query: documentFormatQuerySchema,
    produces: 'document',
  }),
};

/** The customer's credit notes (issue 16): corrections of their invoices after a refund or a paid cancellation. */
export const creditNotesApi = {
  list: endpoint({
    method: 'get',
    path: '/api/credit-notes',
    summary: 'The caller’s credit notes, newest first, a page at a time; 304 when unchanged',
    tag: 'invoices',
    access: 'session',
    query: creditNotesQuerySchema,
    response: creditNotesAnswerSchema,
  }),
  document: endpoint({
    method: 'get',
    path: '/api/credit-notes/{id}/document',
    summary: 'One of the caller’s credit notes as PDF (default) or Peppol BIS 3.0 UBL (?format=ubl)',
    tag: 'invoices',
    access: 'session',
    params: idParams,
    query: documentFormatQuerySchema,
    produces: 'document',
  }),
};
