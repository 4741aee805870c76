import { vatStatusSchema } from '../schemas/vat';
import { endpoint } from './endpoint';

/** How the caller's next order is taxed; the cart reads it (DESIGN.md §6 "VAT by place of supply"). */
export const vatApi = {
  status: endpoint({
    method: 'get',
    path: '/api/account/vat',
    summary: 'The caller’s VAT scheme and rate, after a VIES check of their number when one is due',
    tag: 'vat',
    access: 'session',
    response: vatStatusSchema,
  }),
};
