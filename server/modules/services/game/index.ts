import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../../clock/clock';
import type { GameConsolePanel } from '../../../providers/game-panel/client-api/index';
import { createConsoleLimit } from './console-limit';
import { createConsoleSockets } from './console-socket';
import { gameConsoleRoutes } from './game-console.routes';
import { createGameConsole } from './game-console.service';

/** A game server's live side in the panel (issue 33): its routes, and the console socket's upgrade. */
export function gameConsoleModule(deps: {
  db: Knex;
  clock: Clock;
  panel: GameConsolePanel;
  publicUrl: string;
  logger: Logger;
  requireUser: RequestHandler;
  actionLimit: RequestHandler;
  draining?: () => boolean;
}) {
  const limit = createConsoleLimit({ db: deps.db, clock: deps.clock });
  const console = createGameConsole({ db: deps.db, clock: deps.clock, panel: deps.panel, limit });
  const sockets = createConsoleSockets({
    console,
    panel: deps.panel,
    limit,
    publicUrl: deps.publicUrl,
    logger: deps.logger,
    draining: deps.draining,
  });
  return {
    routes: gameConsoleRoutes({ console, requireUser: deps.requireUser, actionLimit: deps.actionLimit }),
    upgrade: sockets.upgrade,
  };
}
