import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
let clientDir: string;
const RAW_TEMPLATE = '<!doctype html><div id="root"></div><script type="module" src="/assets/site-main.js"></script>';
beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The public pages' raw template, with compressed copies as tools/precompress.ts writes them.
  for (const name of ['site.html', 'site.html.br', 'site.html.gz']) writeFileSync(join(clientDir, name), RAW_TEMPLATE);
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

  it('answers a request for the raw page template /site.html 404, however spelled, never the empty template', async () => {
    for (const path of ['/site.html', '/site.html.br', '/site.html.gz', '/%73ite.html', '/assets/../site.html']) {
      const res = await request(createTestApp(database.db, { clientDir })).get(path).set('Accept-Encoding', 'br, gzip');
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('site-main');
    }
  });

  it('answers /index.html as any page path: the shell, never kept stale', async () => {
    const res = await request(createTestApp(database.db, { clientDir })).get('/index.html').expect(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
