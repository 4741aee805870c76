import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Express } from 'express';
import { once } from 'node:events';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as a browser receives them (supertest would inflate them itself). */
async function rawGet(app: Express, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<RawAnswer>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  } finally {
    server.close();
  }
}

const SCRIPT = `export const greeting = ${JSON.stringify('bonjour '.repeat(400))};\n`;
let database: TestDatabase;
let clientDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  await buildProduct(database.db, { name: 'VPS Compressé' });
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), `<!doctype html><div id="root"></div>${'<!-- padding -->'.repeat(200)}`);
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), SCRIPT);
  // What tools/precompress.ts writes beside each asset at build time; distinct bytes prove which one is sent.
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js.br'), 'brotli bytes');
  writeFileSync(join(clientDir, 'assets', 'app-abc123.js.gz'), 'gzip bytes');
});
afterAll(async () => {
  await database.destroy();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('compressed answers', () => {
  it('sends the brotli file built beside a script to a browser that accepts brotli, cached a year as immutable', async () => {
    const res = await rawGet(createTestApp(database.db, { clientDir }), '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe('brotli bytes');
  });

  it('sends the gzip file to a browser that accepts only gzip, and the plain script to one that accepts neither', async () => {
    const app = createTestApp(database.db, { clientDir });
    const gzip = await rawGet(app, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.toString()).toBe('gzip bytes');
    const plain = await rawGet(app, '/assets/app-abc123.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toContain('immutable');
  });

  it('compresses the page itself on the fly and never lets it be kept stale', async () => {
    const res = await rawGet(createTestApp(database.db, { clientDir }), '/fr/boutique', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toContain('<div id="root">');
  });

  it('sends the catalogue compressed with its ETag, and a 304 without a body when it has not changed', async () => {
    const app = createTestApp(database.db);
    const br = await rawGet(app, '/api/products', { 'Accept-Encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const products = JSON.parse(brotliDecompressSync(br.body).toString()) as unknown[];
    expect(products.length).toBeGreaterThan(0);

    const gzip = await rawGet(app, '/api/products', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(products);
    expect(gzip.headers.etag).toBe(br.headers.etag);

    const again = await rawGet(app, '/api/products', { 'If-None-Match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses a large JSON answer of the API for a client that accepts gzip', async () => {
    const res = await rawGet(createTestApp(database.db), '/api/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString())).toHaveProperty('paths');
  });
});
