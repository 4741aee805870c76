import {
  billingDocumentsPageSchema,
  documentFormatQuerySchema,
  documentsQuerySchema,
  exportQuerySchema,
} from '../schemas/billing-documents';
import { idParams } from '../schemas/ids';
import {
  billingOrderActionSchema,
  billingPageSchema,
  billingQuerySchema,
  refundOrderAnswerSchema,
  refundOrderSchema,
} from '../schemas/staff/billing';
import { successSchema } from '../schemas/staff/common';
import { endpoint } from './endpoint';

/** Category 4 "Facturation" (admin only): collect, mark a transfer received, cancel, refund. */
export const staffBillingApi = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/billing',
    summary: 'One filter’s orders (unpaid, announced transfers, settled), a page at a time',
    tag: 'staff-billing',
    access: 'staff',
    query: billingQuerySchema,
    response: billingPageSchema,
  }),
  markPaid: endpoint({
    method: 'post',
    path: '/api/admin/orders/{id}/mark-paid',
    summary: 'The bank transfer arrived: the unpaid order is settled',
    tag: 'staff-billing',
    access: 'staff',
    params: idParams,
    body: billingOrderActionSchema,
    response: successSchema,
  }),
  cancel: endpoint({
    method: 'post',
    path: '/api/admin/orders/{id}/cancel',
    summary: 'Cancels an open order; the stock its checkout took comes back',
    tag: 'staff-billing',
    access: 'staff',
    params: idParams,
    body: billingOrderActionSchema,
    response: successSchema,
  }),
  refund: endpoint({
    method: 'post',
    path: '/api/admin/orders/{id}/refund',
    summary: 'Gives money back for a paid order: to the customer’s wallet (its currency only) or to the payment method',
    tag: 'staff-billing',
    access: 'staff',
    params: idParams,
    body: refundOrderSchema,
    response: refundOrderAnswerSchema,
  }),
  documents: endpoint({
    method: 'get',
    path: '/api/admin/billing/documents',
    summary: 'Issued invoices and credit notes of a period, with their e-invoice validation, a page at a time',
    tag: 'staff-billing',
    access: 'staff',
    query: documentsQuerySchema,
    response: billingDocumentsPageSchema,
  }),
  documentFile: endpoint({
    method: 'get',
    path: '/api/admin/billing/documents/{id}/file',
    summary: 'One issued document as PDF (default) or UBL (?format=ubl)',
    tag: 'staff-billing',
    access: 'staff',
    params: idParams,
    query: documentFormatQuerySchema,
    produces: 'document',
  }),
  export: endpoint({
    method: 'get',
    path: '/api/admin/billing/export',
    summary: 'For the accountant: a period’s invoices and credit notes (UBL and PDF) and a CSV ledger, in a zip',
    tag: 'staff-billing',
    access: 'staff',
    query: exportQuerySchema,
    produces: 'zip',
  }),
};
