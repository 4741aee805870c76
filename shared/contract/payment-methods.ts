import { idParams } from '../schemas/ids';
import {
  finishedSetupSchema,
  sandboxCardBodySchema,
  savedMethodSchema,
  savedMethodsSchema,
  setupParamsSchema,
  startedSetupSchema,
  startSetupBodySchema,
} from '../schemas/payment-methods';
import { endpoint } from './endpoint';

/** The customer's saved payment methods (issue 21): cards and mandates renewals are charged to. */
export const paymentMethodsApi = {
  list: endpoint({
    method: 'get',
    path: '/api/payment-methods',
    summary: 'The caller’s saved payment methods, default first, and which ways of saving one are offered',
    tag: 'payment-methods',
    access: 'session',
    response: savedMethodsSchema,
  }),
  startSetup: endpoint({
    method: 'post',
    path: '/api/payment-methods/setups',
    summary:
      'Starts saving a method at Stripe (Checkout in setup mode) or Mollie (a first payment); answers where to send the customer (10 set-ups an hour from one account, with the sandbox cards, then 429)',
    tag: 'payment-methods',
    access: 'session',
    body: startSetupBodySchema,
    response: startedSetupSchema,
    status: 201,
  }),
  finishSetup: endpoint({
    method: 'post',
    path: '/api/payment-methods/setups/{setupId}/finish',
    summary: 'Back from the provider: asks it how the caller’s setup ended and stores the method once saved (empty body)',
    tag: 'payment-methods',
    access: 'session',
    params: setupParamsSchema,
    response: finishedSetupSchema,
  }),
  saveSandbox: endpoint({
    method: 'post',
    path: '/api/payment-methods/sandbox',
    summary: 'Saves a sandbox card with a chosen outcome (only while no card provider has keys; 10 set-ups an hour, then 429)',
    tag: 'payment-methods',
    access: 'session',
    body: sandboxCardBodySchema,
    response: savedMethodSchema,
    status: 201,
  }),
  setDefault: endpoint({
    method: 'post',
    path: '/api/payment-methods/{id}/default',
    summary: 'Makes one of the caller’s methods the one renewals are charged to (empty body)',
    tag: 'payment-methods',
    access: 'session',
    params: idParams,
    response: savedMethodsSchema,
  }),
  remove: endpoint({
    method: 'delete',
    path: '/api/payment-methods/{id}',
    summary: 'Removes one of the caller’s methods, detached at the provider first',
    tag: 'payment-methods',
    access: 'session',
    params: idParams,
    response: savedMethodsSchema,
  }),
};
