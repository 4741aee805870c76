import { Router, type RequestHandler } from 'express';
import { vpsApi } from '../../../shared/contract/vps';
import { VPS_ACTIONS } from '../../../shared/schemas/vps';
import { currentUser } from '../../http/require-user';
import { route } from '../../http/route';
import { UnknownAction } from './vps.errors';
import type { VpsService } from './vps.service';

/** The client panel's servers: GET /api/vps and POST /api/vps/{vpsId}/{start|stop|reboot}. */
export function vpsRoutes(deps: { vps: VpsService; requireUser: RequestHandler; actionLimit: RequestHandler }): Router {
  const router = Router();

  // An action that does not exist is a bad field (400 with the panel's message), not a missing
  // page: checked before the contract's params, which would answer 404, and before any counting.
  router.param('action', (_req, _res, next, action: string) => {
    if (!(VPS_ACTIONS as readonly string[]).includes(action)) throw UnknownAction(action);
    next();
  });

  // Polled every 10 s: the browser keeps the page and asks again with its ETag (Express makes one
  // from the body), so an unchanged page costs a 304 without a body.
  route(router, vpsApi.list, deps.requireUser, async ({ req, res, query }) => {
    res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Authorization' });
    return deps.vps.list(currentUser(req), query);
  });

  // The limiter counts only callers who are known (after the auth) and actions that exist.
  route(router, vpsApi.act, deps.requireUser, deps.actionLimit, async ({ req, params }) => ({
    vps: await deps.vps.act(currentUser(req), params.vpsId, params.action),
  }));

  return router;
}
