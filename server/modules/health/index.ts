import type { Knex } from 'knex';
import { healthRoutes, type HealthOptions } from './health.routes';
import { databaseReachable } from './health.service';

/** /health, /ready and /openapi.json: readiness asks the database through a function, never the handle. */
export function healthModule({ db, ...options }: { db: Knex } & Omit<HealthOptions, 'databaseReachable'>) {
  return { routes: healthRoutes({ databaseReachable: (log) => databaseReachable(db, log), ...options }) };
}
