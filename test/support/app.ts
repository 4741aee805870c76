import type { Knex } from 'knex';
import pino from 'pino';
import { createApp } from '../../server/app';

/** The real app on a test database; logs are silent unless TEST_LOGS=1. */
export function createTestApp(db: Knex, clientDir?: string) {
  const logger = pino({ level: process.env.TEST_LOGS === '1' ? 'debug' : 'silent' });
  return createApp({ db, logger, clientDir });
}
