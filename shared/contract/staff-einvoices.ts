import { einvoiceDeliveriesPageSchema, einvoiceDeliveriesQuerySchema, einvoiceResendAnswerSchema } from '../schemas/einvoice-deliveries';
import { idParams } from '../schemas/ids';
import { endpoint } from './endpoint';

/** Billing (admin only), Peppol: the e-invoices sent to Belgian VAT-registered buyers, and sending one again. */
export const staffEinvoicesApi = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/billing/einvoices',
    summary: 'The Peppol deliveries of issued documents (one status or all), newest first, a page at a time',
    tag: 'staff-billing',
    access: 'staff',
    query: einvoiceDeliveriesQuerySchema,
    response: einvoiceDeliveriesPageSchema,
  }),
  resend: endpoint({
    method: 'post',
    path: '/api/admin/billing/einvoices/{id}/resend',
    summary: 'Sends a rejected or failed document again (a blocked one once its UBL is valid); id: the document’s',
    tag: 'staff-billing',
    access: 'staff',
    params: idParams,
    response: einvoiceResendAnswerSchema,
  }),
};
