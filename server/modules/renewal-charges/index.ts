import type { RequestHandler } from 'express';
import { autoRenewalRoutes } from './auto-renewal.routes';
import { createAutoRenewal } from './auto-renewal.service';

/** The customer's choice of renewing a server on its own. */
export function autoRenewalModule({ requireUser, ...deps }: Parameters<typeof createAutoRenewal>[0] & { requireUser: RequestHandler }) {
  const autoRenewal = createAutoRenewal(deps);
  return { routes: autoRenewalRoutes({ autoRenewal, requireUser }), autoRenewal };
}
