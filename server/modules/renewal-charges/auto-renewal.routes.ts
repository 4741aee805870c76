import { Router, type RequestHandler } from 'express';
import { autoRenewalApi } from '../../../shared/contract/auto-renewal';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import type { AutoRenewal } from './auto-renewal.service';

/** The panel's automatic-renewal switches. */
export function autoRenewalRoutes(deps: { autoRenewal: AutoRenewal; requireUser: RequestHandler }): Router {
  const router = Router();
  route(router, autoRenewalApi.get, deps.requireUser, async ({ req, res, query }) => {
    res.set('Cache-Control', 'no-store');
    return deps.autoRenewal.read(currentUser(req), query);
  });
  route(router, autoRenewalApi.setService, deps.requireUser, async ({ req, params, body }) => ({
    service: await deps.autoRenewal.setService(currentUser(req), params.id, body.enabled, req.ip),
  }));
  route(router, autoRenewalApi.setWalletFirst, deps.requireUser, ({ req, body }) =>
    deps.autoRenewal.setWalletFirst(currentUser(req), body.enabled, req.ip),
  );
  return router;
}
