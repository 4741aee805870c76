import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { RateLimitStoreFactory } from '../../../http/rate-limit-store';
import { createGameFilesRateLimit } from '../../../http/rate-limits';
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
  /** Where the changes' rate limit counts (memory, or Redis shared by the instances). */
  rateLimitStores: RateLimitStoreFactory;
  /** Tests give their own; otherwise made from the config. */
  files?: GameFilesAdapter;
}) {
  const adapter = deps.files ?? createGameFilesAdapter(deps.config, { db: deps.db, now: () => deps.clock.now() });
  const files = createGameFiles({ db: deps.db, clock: deps.clock, files: adapter });
  const actionLimit = createGameFilesRateLimit(deps.rateLimitStores);
  return { routes: gameFilesRoutes({ files, requireUser: deps.requireUser, actionLimit }), files };
}
