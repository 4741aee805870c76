import type { RequestHandler } from 'express';
import { walletRoutes } from './wallet.routes';
import { createWallet } from './wallet.service';

/** The customer's wallet: its balance and movements, and paying an order from it. */
export function walletModule({ requireUser, ...deps }: Parameters<typeof createWallet>[0] & { requireUser: RequestHandler }) {
  const wallet = createWallet(deps);
  return { routes: walletRoutes({ wallet, requireUser }), wallet };
}
