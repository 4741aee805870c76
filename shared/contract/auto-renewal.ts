import { idParams } from '../schemas/ids';
import {
  autoRenewalQuerySchema,
  autoRenewalSchema,
  autoRenewalServiceAnswerSchema,
  switchBodySchema,
  walletFirstAnswerSchema,
} from '../schemas/payment-methods';
import { endpoint } from './endpoint';

/** Automatic renewal of the customer's servers (issue 21): a switch per server, and the wallet first or not. */
export const autoRenewalApi = {
  get: endpoint({
    method: 'get',
    path: '/api/auto-renewal',
    summary: 'Whether each of the caller’s servers renews on its own, and how it will be paid; 50 servers a page',
    tag: 'payment-methods',
    access: 'session',
    query: autoRenewalQuerySchema,
    response: autoRenewalSchema,
  }),
  setService: endpoint({
    method: 'put',
    path: '/api/auto-renewal/services/{id}',
    summary: 'Turns automatic renewal of one of the caller’s servers on or off; answers that server',
    tag: 'payment-methods',
    access: 'session',
    params: idParams,
    body: switchBodySchema,
    response: autoRenewalServiceAnswerSchema,
  }),
  setWalletFirst: endpoint({
    method: 'put',
    path: '/api/auto-renewal/wallet',
    summary: 'Whether automatic renewals are paid from the wallet first when it covers them',
    tag: 'payment-methods',
    access: 'session',
    body: switchBodySchema,
    response: walletFirstAnswerSchema,
  }),
};
