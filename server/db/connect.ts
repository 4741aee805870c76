import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createDb, migrate } from './knex';

export interface Database {
  db: Knex;
  close(): Promise<void>;
}

/** DATABASE_URL's server, or the embedded Postgres under DATA_DIR; migrated before it is handed out. */
export async function connectDatabase(config: Config, logger: Logger): Promise<Database> {
  let url = config.databaseUrl;
  let stopEmbedded = async () => {};
  if (!url) {
    // Loaded only when needed: the module registers exit hooks of its own.
    const { startEmbeddedPostgres } = await import('./embedded-postgres');
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      database: 'storefront',
      logger,
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const db = createDb(url, { logger });
  try {
    const applied = await migrate(db);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  } catch (err) {
    await db.destroy();
    await stopEmbedded();
    throw err;
  }
  return {
    db,
    async close() {
      await db.destroy();
      await stopEmbedded();
    },
  };
}
