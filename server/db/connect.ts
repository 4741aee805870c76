import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { systemClock } from '../clock/clock';
import { createDb, migrate, pendingMigrations } from './knex';

export interface Database {
  db: Knex;
  close(): Promise<void>;
}

/** How long an instance that does not migrate waits for the migration run (Job) before it gives up. */
const MIGRATIONS_WAIT_MS = 120_000;

/**
 * DATABASE_URL's server, or the embedded Postgres under DATA_DIR. Migrated before it is handed out,
 * unless MIGRATE_ON_START=0: then the instance waits until a separate run (the Kubernetes Job, the
 * compose `migrate` service, `npm run db:migrate`) has applied this version's migrations.
 */
export async function connectDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'embeddedPgPort' | 'migrateOnStart'>,
  logger: Logger,
  options: { migrationsWaitMs?: number } = {},
): Promise<Database> {
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
    if (config.migrateOnStart) {
      const applied = await migrate(db);
      if (applied.length) logger.info({ applied }, 'migrations applied');
    } else {
      await waitForMigrations(db, logger, options.migrationsWaitMs ?? MIGRATIONS_WAIT_MS);
    }
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

/** Serving on a schema older than the code would fail requests: wait for the migration run, then stop. */
async function waitForMigrations(db: Knex, logger: Pick<Logger, 'info'>, waitMs: number): Promise<void> {
  const now = () => systemClock.now().getTime();
  const deadline = now() + waitMs;
  let pending = await pendingMigrations(db);
  if (pending.length) logger.info({ pending }, 'MIGRATE_ON_START=0: waiting for the migration run');
  while (pending.length && now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    pending = await pendingMigrations(db);
  }
  if (pending.length) {
    throw new Error(
      `MIGRATE_ON_START=0 and ${pending.length} migration(s) not applied (${pending.join(', ')}): ` +
        'run the migration Job, the compose migrate service or `npm run db:migrate` first.',
    );
  }
}
