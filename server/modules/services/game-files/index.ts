import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import { createGameFiles as createGameFilesAdapter, type GameFilesAdapter } from '../../../providers/game-panel/client-api/game-files';
import type { PterodactylAdapterConfig } from '../../../providers/game-panel/pterodactyl';
import { gameFilesRoutes } from './game-files.routes';
import { createGameFiles } from './game-files.service';

/** A game server's files and SFTP in the customer panel: the panel's client API, or the sandbox's. */
export function gameFilesModule(deps: {
  db: Knex;
  clock: Clock;
  config: { pterodactyl?: PterodactylAdapterConfig };
  requireUser: RequestHandler;
  actionLimit: RequestHandler;
  /** Tests give their own; otherwise made from the config. */
  files?: GameFilesAdapter;
}) {
  const adapter = deps.files ?? createGameFilesAdapter(deps.config, { db: deps.db, now: () => deps.clock.now() });
  const files = createGameFiles({ db: deps.db, clock: deps.clock, files: adapter });
  return { routes: gameFilesRoutes({ files, requireUser: deps.requireUser, actionLimit: deps.actionLimit }), files };
}
