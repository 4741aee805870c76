import pino from 'pino';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('request logging', () => {
  it('logs one line per request with its id, path and status, never the query or credentials', async () => {
    const { logger, lines } = capturingLogger();
    const app = createTestApp(database.db, { logger });
    await request(app)
      .get('/api/products?token=secret-reset-token')
      .set('Authorization', 'Bearer secret-jwt')
      .set('X-Request-Id', 'req-123')
      .expect('X-Request-Id', 'req-123')
      .expect(200);
    await new Promise((r) => setImmediate(r));
    const line = lines.find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({ reqId: 'req-123', method: 'GET', path: '/api/products', status: 200 });
    const all = JSON.stringify(lines);
    expect(all).not.toContain('secret-reset-token');
    expect(all).not.toContain('secret-jwt');
  });

  it('gives a request a fresh id when the incoming one is not sane', async () => {
    const { logger } = capturingLogger();
    const res = await request(createTestApp(database.db, { logger })).get('/api/health').set('X-Request-Id', 'bad id with spaces <script>');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps health probes out of the log', async () => {
    const { logger, lines } = capturingLogger();
    await request(createTestApp(database.db, { logger })).get('/api/health').expect(200);
    await new Promise((r) => setImmediate(r));
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([]);
  });
});
