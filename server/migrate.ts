// `npm run db:migrate` (compiled: `node dist-server/server/migrate.js`): applies the pending
// migrations once and exits. What the Kubernetes Job and the compose `migrate` service run, so the
// app's replicas start with MIGRATE_ON_START=0 and never race each other on the schema. Needs only
// DATABASE_URL (none of the app's secrets); without it, the embedded database under DATA_DIR.
import { createDb, migrate } from './db/knex';
import { createLogger } from './logger';

const logger = createLogger('info');

/** The migrations applied, or undefined when connectDatabase applied and logged them itself. */
async function run(): Promise<string[] | undefined> {
  if (process.env.DATABASE_URL) {
    const db = createDb(process.env.DATABASE_URL, { logger, pool: { min: 0, max: 1 } });
    try {
      return await migrate(db);
    } finally {
      await db.destroy();
    }
  }
  const [{ loadConfig }, { connectDatabase }] = await Promise.all([import('./config'), import('./db/connect')]);
  const database = await connectDatabase({ ...loadConfig(), migrateOnStart: true }, logger);
  await database.close();
  return undefined;
}

try {
  const applied = await run();
  if (applied) logger.info({ applied }, applied.length ? 'migrations applied' : 'the database is up to date');
} catch (err) {
  logger.error({ err }, 'the migrations failed');
  process.exitCode = 1;
}
