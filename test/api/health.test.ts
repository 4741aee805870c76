import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('health and readiness', () => {
  it('GET /api/health answers 200 with a request id', async () => {
    const res = await request(createTestApp(database.db)).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('GET /api/ready answers 200 when the database is reachable', async () => {
    await request(createTestApp(database.db)).get('/api/ready').expect(200, { status: 'ready' });
  });

  it('GET /api/ready shows Redis when REDIS_URL is set; Redis down leaves the instance ready (limits count in memory)', async () => {
    const withRedis = (reachable: boolean) => createTestApp(database.db, { redisReachable: async () => reachable });
    await request(withRedis(true)).get('/api/ready').expect(200, { status: 'ready', redis: 'up' });
    await request(withRedis(false)).get('/api/ready').expect(200, { status: 'ready', redis: 'down' });
  });

  it('GET /api/ready answers 503 at once while the instance shuts down, and answers close their connection', async () => {
    let draining = false;
    const app = createTestApp(database.db, { draining: () => draining });
    // The client asks to keep its connection, as a load balancer's health checks do.
    const before = await request(app).get('/api/ready').set('Connection', 'keep-alive').expect(200);
    expect(before.headers.connection).toBe('keep-alive');
    draining = true;
    const res = await request(app).get('/api/ready').set('Connection', 'keep-alive').expect(503);
    expect(res.body).toMatchObject({ error: 'not_ready' });
    expect(res.headers.connection).toBe('close');
    await request(app).get('/api/health').set('Connection', 'keep-alive').expect(200).expect('Connection', 'close');
  });

  it('GET /api/ready answers 503 when the database is not reachable', async () => {
    const { createDb } = await import('../../server/db/knex');
    const unreachable = createDb('postgres://nobody@127.0.0.1:1/none', { pool: { min: 0, max: 1 } });
    const res = await request(createTestApp(unreachable)).get('/api/ready').expect(503);
    expect(res.body.error).toBe('not_ready');
    await unreachable.destroy();
  });
});

describe('the API error shape', () => {
  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await request(createTestApp(database.db)).get('/api/nothing-here').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toMatchObject({ error: 'not_found', message: expect.any(String) });
  });

  it('answers malformed JSON with 400 in the same shape', async () => {
    const res = await request(createTestApp(database.db))
      .post('/api/products')
      .set('Content-Type', 'application/json')
      .send('{"broken":')
      .expect(400);
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await request(createTestApp(database.db))
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ blob: 'x'.repeat(200_000) }))
      .expect(413);
    expect(res.body.error).toBeDefined();
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and no X-Powered-By', async () => {
    const res = await request(createTestApp(database.db)).get('/api/health');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends them on the catalogue too, which is answered before the rest of the API', async () => {
    const res = await request(createTestApp(database.db)).get('/api/products');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{1,64}$/);
  });
});
