import { staffAutoRenewalsQuerySchema, staffAutoRenewalsSchema } from '../schemas/staff-auto-renewals';
import { endpoint } from './endpoint';

/** Billing (admin only): the renewals charged on their own (issue 21). */
export const staffAutoRenewalsApi = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/billing/auto-renewals',
    summary:
      'Renewal invoices due from 10 days ago to 14 days ahead, soonest first, 50 a page: which will be charged automatically, and every attempt',
    tag: 'staff-billing',
    access: 'staff',
    query: staffAutoRenewalsQuerySchema,
    response: staffAutoRenewalsSchema,
  }),
};
