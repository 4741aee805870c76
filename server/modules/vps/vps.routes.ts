import { Router, type RequestHandler } from 'express';
import { VPS_ACTIONS, type VpsAction, type VpsActionDto, type VpsListDto } from '../../../shared/schemas/vps';
import { NotFoundError } from '../../http/errors';
import { currentUser } from '../../http/require-user';
import { UnknownAction } from './vps.errors';
import type { VpsService } from './vps.service';

/** 404 for an id that cannot be one, 400 for an action that does not exist: before any counting. */
const checkActionParams: RequestHandler = (req, _res, next) => {
  const vpsId = String(req.params.vpsId ?? '');
  const action = String(req.params.action ?? '');
  if (!/^\d{1,9}$/.test(vpsId)) throw NotFoundError('No such server');
  if (!VPS_ACTIONS.includes(action as VpsAction)) throw UnknownAction(action);
  next();
};

/** The client panel's servers: GET /api/vps and POST /api/vps/{vpsId}/{start|stop|reboot}. */
export function vpsRoutes(deps: { vps: VpsService; requireUser: RequestHandler; actionLimit: RequestHandler }): Router {
  const router = Router();

  router.get('/vps', deps.requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ vpsList: await deps.vps.list(currentUser(req)) } satisfies VpsListDto);
  });

  router.post('/vps/:vpsId/:action', deps.requireUser, checkActionParams, deps.actionLimit, async (req, res) => {
    const vps = await deps.vps.act(currentUser(req), Number(req.params.vpsId), req.params.action as VpsAction);
    res.json({ vps } satisfies VpsActionDto);
  });

  return router;
}
