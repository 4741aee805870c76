import { unusualPaymentsPageSchema, unusualPaymentsQuerySchema } from '../schemas/billing-payments';
import { endpoint } from './endpoint';

/** Billing (admin only): the payments no order settled as usual, so staff see money that is stuck or given back. */
export const staffBillingPaymentsApi = {
  unusualPayments: endpoint({
    method: 'get',
    path: '/api/admin/billing/payments',
    summary:
      'Payments in an unusual state (pending or held at the provider, paid after cancel or twice and refunded automatically), ' +
      'newest first, by keyset (`after`: the previous page’s `next`)',
    tag: 'staff-billing',
    access: 'staff',
    query: unusualPaymentsQuerySchema,
    response: unusualPaymentsPageSchema,
  }),
};
