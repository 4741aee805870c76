import { pipeline } from 'node:stream/promises';
import { Router, type RequestHandler } from 'express';
import { gameBackupsApi } from '../../../../shared/contract/game-backups';
import { currentUser } from '../../../http/require-user';
import { route, SENT } from '../../../http/route';
import type { GameBackupsService } from './game-backups.service';

/** `/api/services/{id}/backups`: the list is polled while a backup runs, so only the actions are rate-limited. */
export function gameBackupsRoutes(deps: { backups: GameBackupsService; requireUser: RequestHandler; actionLimit: RequestHandler }): Router {
  const router = Router();
  const { backups, requireUser, actionLimit } = deps;
  route(router, gameBackupsApi.list, requireUser, async ({ req, res, params }) => {
    res.set({ 'Cache-Control': 'private, no-cache', Vary: 'Authorization' });
    return backups.list(currentUser(req), params.id);
  });
  route(router, gameBackupsApi.create, requireUser, actionLimit, async ({ req, params, body }) => ({
    backup: await backups.create(currentUser(req), params.id, body, req.ip),
  }));
  route(router, gameBackupsApi.restore, requireUser, actionLimit, async ({ req, params }) =>
    backups.restore(currentUser(req), params.id, params.backupId, req.ip),
  );
  route(router, gameBackupsApi.remove, requireUser, actionLimit, async ({ req, params }) =>
    backups.remove(currentUser(req), params.id, params.backupId, req.ip),
  );
  route(router, gameBackupsApi.download, requireUser, actionLimit, async ({ req, res, params }): Promise<typeof SENT> => {
    const { archive, fileName } = await backups.download(currentUser(req), params.id, params.backupId);
    res.set({
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      ...(archive.bytes !== null ? { 'Content-Length': String(archive.bytes) } : {}),
    });
    // Streamed as the node sends it: a large world never sits in our memory. A node that stops
    // midway cuts the answer, and the browser sees an incomplete download.
    await pipeline(archive.stream, res).catch(() => res.destroy());
    return SENT;
  });
  return router;
}
