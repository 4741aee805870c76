import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import type { CloudAdapter } from '../../../providers/cloud/types';
import { createVpsMetrics } from './metrics.service';
import { createRootPassword } from './root-password.service';
import { createVpsSnapshot } from './snapshot.service';
import { createVpsConsole } from './vps-console.service';
import { vpsToolsRoutes } from './vps-tools.routes';

/** The VPS tools of the panel (issue 33): root password reset, browser console, graphs, snapshot. */
export function vpsToolsModule(deps: {
  db: Knex;
  clock: Clock;
  cloud: CloudAdapter;
  encryptionKey: string;
  requireUser: RequestHandler;
  actionLimit: RequestHandler;
}) {
  return vpsToolsRoutes({
    rootPassword: createRootPassword(deps),
    openConsole: createVpsConsole(deps),
    metrics: createVpsMetrics(deps),
    snapshot: createVpsSnapshot(deps),
    sandbox: deps.cloud.mode === 'simulated',
    requireUser: deps.requireUser,
    actionLimit: deps.actionLimit,
  });
}
