import { Router, type RequestHandler } from 'express';
import { gameConsoleApi } from '../../../../shared/contract/game-console';
import { currentUser } from '../../../http/require-user';
import { route } from '../../../http/route';
import type { GameConsole } from './game-console.service';

/** A game server's console ticket, power and resources. */
export function gameConsoleRoutes(deps: { console: GameConsole; requireUser: RequestHandler; actionLimit: RequestHandler }): Router {
  const router = Router();
  route(router, gameConsoleApi.ticket, deps.requireUser, deps.actionLimit, async ({ req, res, params }) => {
    res.set('Cache-Control', 'no-store');
    return { ticket: await deps.console.ticket(currentUser(req), params.id) };
  });
  route(router, gameConsoleApi.power, deps.requireUser, deps.actionLimit, async ({ req, params, body }) => {
    await deps.console.power(currentUser(req), params.id, body.signal, req.ip);
    return { signal: body.signal };
  });
  route(router, gameConsoleApi.resources, deps.requireUser, async ({ req, res, params }) => {
    res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Authorization' });
    return { resources: await deps.console.resources(currentUser(req), params.id) };
  });
  return router;
}
