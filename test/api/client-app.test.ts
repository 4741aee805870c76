import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
let clientDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
});
afterAll(async () => {
  await database.destroy();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the built client', () => {
  it('answers any page path with index.html so the client router takes over', async () => {
    for (const path of ['/', '/fr', '/nl/Hosting', '/de/whatever/deep']) {
      const res = await request(createTestApp(database.db, { clientDir })).get(path).expect(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await request(createTestApp(database.db, { clientDir })).get('/assets/app-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never answers an unknown /api path with the page', async () => {
    const res = await request(createTestApp(database.db, { clientDir })).get('/api/unknown').expect(404);
    expect(res.body.error).toBe('not_found');
  });

  it('answers /index.html as any page path: the shell, never kept stale', async () => {
    const res = await request(createTestApp(database.db, { clientDir })).get('/index.html').expect(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
