import { Router } from 'express';
import type { Knex } from 'knex';
import type { SandboxCheckoutDto } from '../../../shared/schemas/checkout';
import { HttpError, NotFoundError } from '../../http/errors';
import type { PaymentAdapters } from '../../providers/payments/index';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature, type SandboxNotification } from '../../providers/payments/sandbox';
import type { PaymentOutcome, PaymentProvider } from '../../providers/payments/types';
import type { WebhookReceiver } from './webhook-receiver';

interface CheckoutRow {
  id: string;
  provider: PaymentProvider;
  order_id: number;
  amount_cents: string | number;
  currency: string;
  status: SandboxCheckoutDto['status'];
  success_url: string;
  cancel_url: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The local payment page's calls (providers without keys only). Pay / Cancel sign a notification
 * and hand it to the webhook receiver, exactly as a provider's POST to /api/webhooks would arrive.
 * Like a provider's hosted page, the checkout id (a random uuid) is the only credential.
 */
export function sandboxRoutes(deps: { db: Knex; adapters: PaymentAdapters; receiver: WebhookReceiver; secret: string }): Router {
  const { db, adapters, receiver, secret } = deps;
  const router = Router();

  async function findCheckout(id: string): Promise<CheckoutRow> {
    const row = UUID.test(id) ? await db<CheckoutRow>('sandbox_checkouts').where({ id }).first() : undefined;
    // A provider with keys has no sandbox: its old sandbox checkouts are gone for good.
    if (!row || adapters[row.provider].mode !== 'sandbox') throw NotFoundError('No such payment');
    return row;
  }

  router.get('/sandbox/checkouts/:id', async (req, res) => {
    const row = await findCheckout(req.params.id);
    const lines: { name: string; qty: number }[] = await db('order_lines').select('name', 'qty').where({ order_id: row.order_id }).orderBy('id');
    res.set('Cache-Control', 'no-store');
    res.json({
      checkout: {
        id: row.id,
        provider: row.provider,
        orderId: row.order_id,
        amountCents: Number(row.amount_cents),
        currency: row.currency,
        status: row.status,
        lines,
      } satisfies SandboxCheckoutDto,
    });
  });

  const finish = (outcome: Extract<PaymentOutcome, 'paid' | 'cancelled'>) =>
    async (req: { params: { id: string } }, res: { json(body: unknown): void }) => {
      const row = await findCheckout(req.params.id);
      if (row.status !== 'open' && row.status !== outcome) throw new HttpError(409, 'checkout_closed', `This payment is already ${row.status}`);
      const note: SandboxNotification = { id: `sbx_${row.id}_${outcome}`, checkoutId: row.id, outcome };
      const body = JSON.stringify(note);
      await receiver.receive(row.provider, {
        rawBody: Buffer.from(body),
        headers: { [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, body) },
      });
      await db('sandbox_checkouts').where({ id: row.id, status: 'open' }).update({ status: outcome, updated_at: db.fn.now() });
      res.json({ redirectUrl: outcome === 'paid' ? row.success_url : row.cancel_url });
    };
  router.post('/sandbox/checkouts/:id/pay', finish('paid'));
  router.post('/sandbox/checkouts/:id/cancel', finish('cancelled'));
  return router;
}
