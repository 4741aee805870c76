import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../shared/contract/endpoint';
import { API_CONTRACT } from '../../shared/contract/index';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// Every back-office path id is a Postgres integer (int4): one that cannot name a row is refused
// with 404 before any query runs, never a 500 from Postgres ("value out of range for type integer").

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const WITH_PATH_IDS = API_CONTRACT.filter((e) => e.path.startsWith('/api/admin/') && e.path.includes('{'));
const NOT_IDS = ['2147483648', '99999999999999999999', '0', '-1', 'abc', '1.5', '1e3', '01', '%20'];

/** The path with every {param} set to `value` (taken as already URI-safe). */
const withIds = (declared: Endpoint, value: string) => declared.path.replace(/\{\w+\}/g, value);

describe('ids in /api/admin paths', () => {
  it.each(WITH_PATH_IDS.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    '%s: 404 for an id above int4 or not an id',
    async (_name, declared) => {
      const admin = await buildStaff(database.db, 'admin');
      const app = createTestApp(database.db);
      const answers: string[] = [];
      for (const value of NOT_IDS) {
        const call = request(app)[declared.method](withIds(declared, value)).set('Authorization', staffBearer(admin.id));
        const res = await (declared.method === 'get' ? call : call.send({}));
        answers.push(`${value}: ${res.status} ${res.body.error}`);
      }
      expect(answers).toEqual(NOT_IDS.map((value) => `${value}: 404 not_found`));
    },
  );
});
