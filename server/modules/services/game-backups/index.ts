import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import { createGameBackups } from '../../../providers/game-panel/client-api/create-backups';
import type { GameBackups } from '../../../providers/game-panel/client-api/backups-types';
import type { PterodactylAdapterConfig } from '../../../providers/game-panel/pterodactyl';
import { gameBackupsRoutes } from './game-backups.routes';
import { createGameBackupsService } from './game-backups.service';

/** A game server's backups in the customer panel: the panel's client API with its key, the sandbox without. */
export function gameBackupsModule(deps: {
  db: Knex;
  clock: Clock;
  config: { pterodactyl?: PterodactylAdapterConfig };
  requireUser: RequestHandler;
  actionLimit: RequestHandler;
  /** Tests may give their own; defaults to what the config asks for. */
  backups?: GameBackups;
}) {
  const backups = deps.backups ?? createGameBackups(deps.config, { db: deps.db, now: () => deps.clock.now() });
  const service = createGameBackupsService({ db: deps.db, backups });
  return { routes: gameBackupsRoutes({ backups: service, requireUser: deps.requireUser, actionLimit: deps.actionLimit }) };
}
