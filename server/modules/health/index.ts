import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { healthRoutes, type HealthOptions } from './health.routes';
import { databaseReachable } from './health.service';

/**
 * /health, /ready and /openapi.json: readiness asks the database through a function, never the
 * handle. `ready()` is the same question for the metrics (app_ready).
 */
export function healthModule({ db, ...options }: { db: Knex } & Omit<HealthOptions, 'databaseReachable'>) {
  const reachable: HealthOptions['databaseReachable'] = (log) => databaseReachable(db, log);
  return {
    routes: healthRoutes({ databaseReachable: reachable, ...options }),
    ready: (log: Pick<Logger, 'warn'>) => (options.draining?.() ? Promise.resolve(false) : reachable(log)),
  };
}
