import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import type { PaymentAdapters } from '../../providers/payments/index';
import type { PaymentEvents } from './payment-events.service';
import { paypalReturnRoutes } from './paypal-return.routes';
import { createPaypalReturn } from './paypal-return.service';
import { sandboxRoutes } from './sandbox.routes';
import { createSandboxCheckouts } from './sandbox-checkout.service';
import type { WebhookReceiver } from './webhook-receiver';

/** The pages a payment comes back through: PayPal's return, and the local sandbox payment page. */
export function paymentPagesModule(deps: {
  db: Knex;
  adapters: PaymentAdapters;
  events: PaymentEvents;
  receiver: WebhookReceiver;
  publicUrl: string;
  /** The sandbox checkout id's signing secret. */
  secret: string;
  clock: Clock;
}) {
  const { db, adapters, events, receiver, publicUrl, secret, clock } = deps;
  const checkouts = createSandboxCheckouts({ db, adapters, receiver, secret, clock });
  return {
    paypalReturnRoutes: paypalReturnRoutes({ captureOnReturn: createPaypalReturn({ db, adapters, events }), publicUrl }),
    sandboxRoutes: sandboxRoutes({ checkouts }),
    checkouts,
  };
}
