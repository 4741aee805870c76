import { idParams } from '../schemas/ids';
import { staffProfileSchema, transactionsSchema } from '../schemas/staff/profile';
import { endpoint } from './endpoint';

/** The back-office profile page (spec §2 "Profile page"): one’s own; another’s for Users (manager, admin). */
export const staffProfileApi = {
  profile: endpoint({
    method: 'get',
    path: '/api/admin/user/{id}',
    summary: 'A profile (spec §3 "User profile")',
    tag: 'staff',
    access: 'staff',
    params: idParams,
    response: staffProfileSchema,
  }),
  transactions: endpoint({
    method: 'get',
    path: '/api/admin/user/{id}/transactions',
    summary: 'The account’s recent wallet movements (spec §3 "Transaction"), newest first',
    tag: 'staff',
    access: 'staff',
    params: idParams,
    response: transactionsSchema,
  }),
};
