import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { WalletDto, WalletPaymentDto } from '../../../shared/schemas/wallet';
import { NotFoundError } from '../../http/errors';
import { currentUser } from '../../http/require-user';
import type { JobQueue } from '../../jobs/job-queue';
import { linesByOrder } from '../orders/orders.repo';
import { presentCustomerOrder } from '../orders/orders.presenter';
import { payWithWallet } from './pay-with-wallet';
import { customerWallet } from './wallet.repo';

const orderIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The customer's wallet: GET /api/wallet (balance, movements), POST /api/orders/{id}/pay-with-wallet. */
export function walletRoutes(deps: { db: Knex; jobs: JobQueue; requireUser: RequestHandler }): Router {
  const { db, jobs, requireUser } = deps;
  const router = Router();

  router.get('/wallet', requireUser, async (req, res) => {
    const wallet = await customerWallet(db, currentUser(req).id);
    res.set('Cache-Control', 'no-store');
    const body: WalletDto = {
      balance_cents: wallet.balanceCents,
      currency: wallet.currency,
      transactions: wallet.movements.map((m) => ({
        id: m.id,
        type: m.type,
        amount_cents: Number(m.amount_cents),
        description: m.description,
        order_id: m.order_id,
        created_at: m.created_at.toISOString(),
      })),
    };
    res.json(body);
  });

  router.post('/orders/:id/pay-with-wallet', requireUser, async (req, res) => {
    const params = orderIdParams.safeParse(req.params);
    if (!params.success) throw NotFoundError('No such order');
    const { order, balanceCents } = await payWithWallet(db, jobs, currentUser(req), params.data.id, req.ip);
    const lines = await linesByOrder(db, [order.id]);
    res.json({ order: presentCustomerOrder(order, lines.get(order.id) ?? []), balance_cents: balanceCents } satisfies WalletPaymentDto);
  });

  return router;
}
