import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { pingDatabase } from './health.repo';

/** Whether this instance reaches its database (what a load balancer asks before sending traffic). */
export async function databaseReachable(db: Knex, log: Pick<Logger, 'warn'>): Promise<boolean> {
  try {
    await pingDatabase(db);
    return true;
  } catch (err) {
    log.warn({ err }, 'database not reachable');
    return false;
  }
}
