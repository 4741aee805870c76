import { idParams } from '../schemas/ids';
import { walletPaymentSchema, walletSchema } from '../schemas/wallet';
import { endpoint } from './endpoint';

/** The customer's wallet (client panel, invoices tab). */
export const walletApi = {
  get: endpoint({
    method: 'get',
    path: '/api/wallet',
    summary: 'The caller’s balance and latest movements, newest first',
    tag: 'wallet',
    access: 'session',
    response: walletSchema,
  }),
  pay: endpoint({
    method: 'post',
    path: '/api/orders/{id}/pay-with-wallet',
    summary: 'Pays one of the caller’s unpaid invoices from the wallet (empty body)',
    tag: 'wallet',
    access: 'session',
    params: idParams,
    response: walletPaymentSchema,
  }),
};
