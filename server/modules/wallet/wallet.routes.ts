import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock/clock';
import { walletApi } from '../../../shared/contract/wallet';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { JobQueue } from '../../jobs/job-queue';
import type { DocumentIssuer } from '../invoices/document-issuer';
import type { ClosePaymentsNow } from '../payments/close-payments-now';
import { presentWallet, presentWalletPayment } from './wallet.presenter';
import { createWallet } from './wallet.service';

/** The customer's wallet: GET /api/wallet (balance, movements), POST /api/orders/{id}/pay-with-wallet. */
export function walletRoutes(deps: {
  db: Knex;
  jobs: JobQueue;
  documents: DocumentIssuer;
  clock: Clock;
  closePaymentsNow: ClosePaymentsNow;
  requireUser: RequestHandler;
}): Router {
  const wallet = createWallet(deps);
  const router = Router();

  route(router, walletApi.get, deps.requireUser, async ({ req, res }) => {
    res.set('Cache-Control', 'no-store');
    return presentWallet(await wallet.read(currentUser(req)));
  });

  route(router, walletApi.pay, deps.requireUser, async ({ req, params }) =>
    presentWalletPayment(await wallet.pay(currentUser(req), params.id, req.ip)),
  );

  return router;
}
