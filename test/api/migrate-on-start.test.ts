import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectDatabase } from '../../server/db/connect';
import { createDb, migrate, pendingMigrations } from '../../server/db/knex';
import { testLogger } from '../support/app';
import { adminQuery, databaseUrl } from '../support/postgres-admin';

// MIGRATE_ON_START: one instance migrates at its start (docker run); replicas started with
// MIGRATE_ON_START=0 leave it to the migration Job and wait for it rather than serve an old schema.

const created: string[] = [];
async function emptyDatabase(): Promise<string> {
  const name = `${inject('dbPrefix')}mig_${randomBytes(4).toString('hex')}`;
  await adminQuery(inject('dbAdminUrl'), `CREATE DATABASE "${name}"`);
  created.push(name);
  return databaseUrl(inject('dbAdminUrl'), name);
}
afterAll(async () => {
  for (const name of created) await adminQuery(inject('dbAdminUrl'), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

const settings = (url: string, migrateOnStart: boolean) => ({ databaseUrl: url, dataDir: '.', embeddedPgPort: 54329, migrateOnStart });

async function tablesOf(url: string): Promise<boolean> {
  const db = createDb(url, { pool: { min: 0, max: 1 } });
  try {
    return await db.schema.hasTable('knex_migrations');
  } finally {
    await db.destroy();
  }
}

describe('MIGRATE_ON_START', () => {
  it('unset (1): the instance migrates an empty database before it is handed out', async () => {
    const url = await emptyDatabase();
    const database = await connectDatabase(settings(url, true), testLogger());
    try {
      expect(await pendingMigrations(database.db)).toEqual([]);
      expect(await database.db.schema.hasTable('orders')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('0: the instance never touches the schema and stops, naming the pending migrations, when no run applies them', async () => {
    const url = await emptyDatabase();
    await expect(connectDatabase(settings(url, false), testLogger(), { migrationsWaitMs: 1500 })).rejects.toThrow(
      /^MIGRATE_ON_START=0 and \d+ migration\(s\) not applied \(\d+_/,
    );
    expect(await tablesOf(url)).toBe(false);
  });

  it('0: the instance waits for the separate migration run (the Job) and starts once it is done', async () => {
    const url = await emptyDatabase();
    const starting = connectDatabase(settings(url, false), testLogger(), { migrationsWaitMs: 60_000 });
    const job = createDb(url, { pool: { min: 0, max: 1 } });
    try {
      expect((await migrate(job)).length).toBeGreaterThan(0);
    } finally {
      await job.destroy();
    }
    const database = await starting;
    try {
      expect(await pendingMigrations(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
