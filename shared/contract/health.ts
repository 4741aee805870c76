import { z } from 'zod';
import { endpoint } from './endpoint';

/** A payment provider's set-up as the start-up check found it (server/modules/payments/provider-setup.ts). */
const providerSetup = z.object({
  status: z.enum(['ok', 'incomplete', 'unreachable', 'checking']),
  /** What is missing: `no_webhook`, `webhook_url`, `event:<type>`, `local_webhook_url`, `api_key`. */
  missing: z.array(z.string()),
});

export const healthApi = {
  health: endpoint({
    method: 'get',
    path: '/api/health',
    summary: 'The process answers',
    tag: 'health',
    access: 'public',
    response: z.object({ status: z.literal('ok') }),
  }),
  ready: endpoint({
    method: 'get',
    path: '/api/ready',
    summary:
      'The instance reaches its database (what a load balancer asks); 503 otherwise, and 503 at once while it shuts down (SIGTERM). ' +
      'With REDIS_URL, whether Redis answers: ' +
      'down leaves the instance ready, its rate limits counted in its own memory until Redis is back. With provider keys, ' +
      "what the start-up check found in each payment provider's webhook set-up (informative: it never makes the instance unready)",
    tag: 'health',
    access: 'public',
    response: z.object({
      status: z.literal('ready'),
      redis: z.enum(['up', 'down']).optional(),
      payments: z
        .object({ stripe: providerSetup.optional(), paypal: providerSetup.optional(), mollie: providerSetup.optional() })
        .optional(),
    }),
  }),
  openapi: endpoint({
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This contract as an OpenAPI 3.1 document',
    tag: 'health',
    access: 'public',
    response: z.looseObject({ openapi: z.literal('3.1.0') }),
  }),
};
