import type { Knex } from 'knex';
import pino from 'pino';
import { createApp, type AppDeps } from '../../server/app';

/** The real app on a test database; logs are silent unless TEST_LOGS=1. */
export function createTestApp(db: Knex, options: Omit<Partial<AppDeps>, 'db'> = {}) {
  const logger = pino({ level: process.env.TEST_LOGS === '1' ? 'debug' : 'silent' });
  return createApp({ db, logger, catalogTtlMs: 0, ...options });
}
