import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/languages';
import { PAYMENT_PROVIDERS, sandboxCheckoutSchema, sandboxFinishedSchema, webhookReceivedSchema } from '../schemas/checkout';
import { entityId } from '../schemas/ids';
import { endpoint } from './endpoint';

/** A sandbox checkout's id: the random uuid the local payment page is opened with (its only credential). */
const sandboxCheckoutParams = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'not a checkout id'),
});

/**
 * What PayPal sends the customer back with (our own return URL plus its token). Whatever is wrong
 * in it still ends on the success page, which says what it can: nothing here refuses the browser.
 */
const paypalReturnQuery = z.object({
  orderId: entityId().optional().catch(undefined),
  lng: z.enum(LANGUAGES).catch(DEFAULT_LANGUAGE),
  token: z.string().optional().catch(undefined),
});

/** The providers' side of a payment: their notifications, PayPal's return, the local sandbox page. */
export const paymentsApi = {
  webhook: endpoint({
    method: 'post',
    path: '/api/webhooks/{provider}',
    summary: 'A payment provider’s signed notification (raw body; the signature covers its bytes)',
    tag: 'payments',
    access: 'provider',
    params: z.object({ provider: z.enum(PAYMENT_PROVIDERS) }),
    response: webhookReceivedSchema,
  }),
  paypalReturn: endpoint({
    method: 'get',
    path: '/api/payment/paypal/return',
    summary: 'PayPal sends the customer back here: the approved order is captured, then on to the success page',
    tag: 'payments',
    access: 'public',
    query: paypalReturnQuery,
    produces: 'redirect',
    status: 303,
  }),
  sandboxCheckout: endpoint({
    method: 'get',
    path: '/api/sandbox/checkouts/{id}',
    summary: 'What the local payment page shows (providers without keys)',
    tag: 'payments',
    access: 'public',
    params: sandboxCheckoutParams,
    response: z.object({ checkout: sandboxCheckoutSchema }),
  }),
  sandboxPay: endpoint({
    method: 'post',
    path: '/api/sandbox/checkouts/{id}/pay',
    summary: 'The local payment page pays: a signed notification goes through the webhook receiver',
    tag: 'payments',
    access: 'public',
    params: sandboxCheckoutParams,
    response: sandboxFinishedSchema,
  }),
  sandboxCancel: endpoint({
    method: 'post',
    path: '/api/sandbox/checkouts/{id}/cancel',
    summary: 'The local payment page cancels: the order stays unpaid and payable',
    tag: 'payments',
    access: 'public',
    params: sandboxCheckoutParams,
    response: sandboxFinishedSchema,
  }),
};
