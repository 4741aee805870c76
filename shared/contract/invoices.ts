import { idParams } from '../schemas/ids';
import { endpoint } from './endpoint';

export const invoicesApi = {
  pdf: endpoint({
    method: 'get',
    path: '/api/vps/orders/{id}/invoice',
    summary: 'The order’s PDF, saved as facture_{id}.pdf (the invoice once paid, a pro forma before)',
    tag: 'invoices',
    access: 'session',
    params: idParams,
    produces: 'pdf',
  }),
};
