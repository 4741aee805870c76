import knex, { type Knex } from 'knex';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Logger } from 'pino';

// bigint columns (money, wallet) come back as JS numbers: amounts in cents stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// numeric columns (tax rates) are small decimals: read them as numbers too.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));
/** Set to true by tools/build-server.ts: the compiled server runs the compiled migrations. */
declare const STOREFRONT_COMPILED: boolean | undefined;
const COMPILED_MIGRATIONS_DIR = fileURLToPath(new URL('../../dist-server/migrations', import.meta.url));

interface Migration {
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/**
 * Loads the TypeScript migrations through our own import(), so they run under tsx and under the
 * test runner alike (knex's own loader would hand .ts files to plain Node).
 */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d+_[\w-]+\.ts$/.test(f))
      .sort();
  },
  getMigrationName: (file) => file,
  async getMigration(file) {
    // Names stay `*.ts` in knex_migrations whichever form runs, so both know what already ran.
    const path =
      typeof STOREFRONT_COMPILED !== 'undefined' ? join(COMPILED_MIGRATIONS_DIR, file.replace(/\.ts$/, '.js')) : join(MIGRATIONS_DIR, file);
    return (await import(pathToFileURL(path).href)) as Migration;
  },
};

interface DbOptions {
  pool?: Knex.PoolConfig;
  /** Where knex's own warnings go (pool errors, deprecations); silent without one. */
  logger?: Pick<Logger, 'warn' | 'error' | 'debug'>;
}

export function createDb(connectionString: string, { pool = { min: 0, max: 10 }, logger }: DbOptions = {}): Knex {
  const log = (level: 'warn' | 'error' | 'debug') => (message: unknown) => logger?.[level]({ knex: message }, 'knex');
  return knex({
    client: 'pg',
    connection: { connectionString, application_name: 'storefront' },
    pool,
    log: { warn: log('warn'), error: log('error'), deprecate: log('warn'), debug: log('debug') },
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
}

export async function migrate(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

/**
 * The migrations of this version not yet applied to the database. Reads knex's table directly
 * (knex's own list refuses a database migrated by a newer version, which is fine here: during a
 * deploy the older version keeps running beside the newer one's expanded schema).
 */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  const known = await migrationSource.getMigrations([]);
  const tableExists = await db.schema.hasTable('knex_migrations');
  const applied = new Set<string>(tableExists ? await db('knex_migrations').pluck('name') : []);
  return known.filter((name) => !applied.has(name));
}
