import { Router, type RequestHandler } from 'express';
import { walletApi } from '../../../shared/contract/wallet';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { presentWallet, presentWalletPayment } from './wallet.presenter';
import type { Wallet } from './wallet.service';

/** The customer's wallet: GET /api/wallet (balance, movements), POST /api/orders/{id}/pay-with-wallet. */
export function walletRoutes(deps: { wallet: Wallet; requireUser: RequestHandler }): Router {
  const { wallet } = deps;
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
