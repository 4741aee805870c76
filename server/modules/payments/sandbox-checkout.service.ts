import type { Knex } from 'knex';
import { HttpError, NotFoundError } from '../../http/errors';
import type { PaymentAdapters } from '../../providers/payments/index';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature, type SandboxNotification } from '../../providers/payments/sandbox';
import { linesByOrder, type OrderLineRow } from '../orders/orders.repo';
import { closeSandboxCheckout, findSandboxCheckout, type SandboxCheckoutRow } from './sandbox-checkouts.repo';
import type { WebhookReceiver } from './webhook-receiver';
import type { Clock } from '../../clock/clock';

export const CheckoutClosed = (status: string) => new HttpError(409, 'checkout_closed', `This payment is already ${status}`);

/**
 * The local payment page (providers without keys only). Pay / Cancel sign a notification and hand
 * it to the webhook receiver, exactly as a provider's POST to /api/webhooks would arrive. Like a
 * provider's hosted page, the checkout id (a random uuid) is the only credential.
 */
export function createSandboxCheckouts(deps: {
  db: Knex;
  adapters: PaymentAdapters;
  receiver: WebhookReceiver;
  secret: string;
  clock: Clock;
}) {
  const { db, adapters, receiver, secret } = deps;

  async function open(id: string): Promise<SandboxCheckoutRow> {
    const row = await findSandboxCheckout(db, id);
    // A provider with keys has no sandbox: its old sandbox checkouts are gone for good.
    if (!row || adapters[row.provider].mode !== 'sandbox') throw NotFoundError('No such payment');
    return row;
  }

  return {
    /** The checkout with the order's lines, as the page shows them. */
    async show(id: string): Promise<{ checkout: SandboxCheckoutRow; lines: OrderLineRow[] }> {
      const checkout = await open(id);
      const lines = await linesByOrder(db, [checkout.order_id]);
      return { checkout, lines: lines.get(checkout.order_id) ?? [] };
    },

    /**
     * Pays or cancels; answers where the browser goes next (the provider's return URL). The
     * checkout is claimed before the notification goes out: one closed meanwhile (its order paid
     * another way) takes no payment. Pressing the same button again repeats the notification,
     * which the webhook code reads as the duplicate it is.
     */
    async finish(id: string, outcome: 'paid' | 'cancelled'): Promise<string> {
      const row = await open(id);
      if (row.status !== 'open' && row.status !== outcome) throw CheckoutClosed(row.status);
      if (row.status === 'open' && (await closeSandboxCheckout(db, row.id, outcome, deps.clock.now())) === 0) {
        throw CheckoutClosed((await findSandboxCheckout(db, row.id))?.status ?? 'cancelled');
      }
      const note: SandboxNotification = { id: `sbx_${row.id}_${outcome}`, checkoutId: row.id, outcome };
      const body = JSON.stringify(note);
      await receiver.receive(row.provider, {
        rawBody: Buffer.from(body),
        headers: { [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, body) },
      });
      return outcome === 'paid' ? row.success_url : row.cancel_url;
    },
  };
}

export type SandboxCheckouts = ReturnType<typeof createSandboxCheckouts>;
