import type { RequestHandler } from 'express';
import { vpsRoutes } from './vps.routes';
import { createVpsService } from './vps.service';

/** The customer's servers: list, details, power actions and password. */
export function vpsModule({
  requireUser,
  actionLimit,
  ...deps
}: Parameters<typeof createVpsService>[0] & { requireUser: RequestHandler; actionLimit: RequestHandler }) {
  const vps = createVpsService(deps);
  return { routes: vpsRoutes({ vps, requireUser, actionLimit }), vps };
}
