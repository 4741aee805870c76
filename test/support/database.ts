import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import { createDb } from '../../server/db/knex';
import { adminQuery, databaseUrl } from './postgres-admin';

export interface TestDatabase {
  db: Knex;
  url: string;
  destroy(): Promise<void>;
}

/** A fresh, fully migrated database of this test file's own, cloned from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('dbAdminUrl');
  const name = `${inject('dbPrefix')}${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${inject('dbTemplate')}"`);
  const url = databaseUrl(adminUrl, name);
  const db = createDb(url, { pool: { min: 0, max: 5 } });
  return {
    db,
    url,
    async destroy() {
      await db.destroy();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
