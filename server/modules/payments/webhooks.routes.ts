import express, { Router } from 'express';
import { paymentsApi } from '../../../shared/contract/payments';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { PaymentProviderError, WebhookVerificationError } from '../../providers/payments/types';
import type { WebhookReceiver } from './webhook-receiver';

/**
 * POST /api/webhooks/{stripe|paypal|mollie}. Mounted before the JSON parser: signatures are
 * computed over the raw bytes. Answers fast; the slow follow-up runs as a job.
 */
export function webhooksRoutes(deps: { receiver: WebhookReceiver }): Router {
  const router = Router();
  route(router, paymentsApi.webhook, express.raw({ type: () => true, limit: '256kb' }), async ({ req, params }) => {
    const { provider } = params;
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      const outcome = await deps.receiver.receive(provider, { rawBody, headers: req.headers });
      return { received: true as const, outcome };
    } catch (err) {
      if (err instanceof WebhookVerificationError) {
        req.log.warn({ provider, reason: err.message }, 'webhook refused');
        throw new HttpError(400, 'invalid_webhook', 'The notification could not be verified');
      }
      if (err instanceof PaymentProviderError) {
        // The provider redelivers on a 5xx: nothing was recorded, the next delivery retries.
        req.log.warn({ provider, reason: err.message }, 'webhook verification unavailable');
        throw new HttpError(503, 'payment_provider_unavailable', 'The payment provider could not be reached');
      }
      throw err;
    }
  });
  return router;
}
