import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded-postgres';
import { createDb, migrate } from '../../server/db/knex';
import { adminQuery, databaseUrl, freePort, runPrefix } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    dbAdminUrl: string;
    dbTemplate: string;
    dbPrefix: string;
  }
}

/**
 * Once per run: a Postgres (DATABASE_URL's server, or an embedded one in a temporary folder) and a
 * migrated template database. Each test file clones the template (test/support/database.ts).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = mkdtempSync(join(tmpdir(), 'storefront-test-pg-'));
    chmodSync(dataDir, 0o755); // Postgres runs as the postgres user when we are root
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      database: 'postgres',
      logger: pino({ level: 'warn' }),
    });
    adminUrl = embedded.url;
  }

  const prefix = runPrefix();
  const template = `${prefix}template`;
  await adminQuery(adminUrl, `CREATE DATABASE "${template}"`);
  const db = createDb(databaseUrl(adminUrl, template), { pool: { min: 0, max: 1 } });
  try {
    await migrate(db);
  } finally {
    await db.destroy();
  }

  project.provide('dbAdminUrl', adminUrl);
  project.provide('dbTemplate', template);
  project.provide('dbPrefix', prefix);

  return async () => {
    const leftovers = await adminQuery(adminUrl, 'SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}%`]);
    for (const { datname } of leftovers.rows as { datname: string }[]) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
