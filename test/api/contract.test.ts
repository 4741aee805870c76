import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONTRACT } from '../../shared/contract/index';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { registeredRoutes } from '../support/registered-routes';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

describe('the API contract', () => {
  it('declares every route the app registers, and every declared endpoint is served', () => {
    const registered = new Set(registeredRoutes(createTestApp(database.db)).map(key));
    const declared = new Set(API_CONTRACT.map(key));
    expect([...registered].filter((r) => !declared.has(r)).sort()).toEqual([]);
    expect([...declared].filter((d) => !registered.has(d)).sort()).toEqual([]);
    expect(declared.size).toBe(API_CONTRACT.length); // no endpoint declared twice
  });

  it('GET /api/openapi.json is a valid OpenAPI 3.1 document with every endpoint', async () => {
    const res = await request(createTestApp(database.db)).get('/api/openapi.json').expect(200);
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const operations = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => key({ method, path })),
    );
    expect(operations.sort()).toEqual(API_CONTRACT.map(key).sort());
  });
});
