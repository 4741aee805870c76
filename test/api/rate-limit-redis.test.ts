import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectRedisRateLimitStores, type RedisRateLimitStores } from '../../server/http/rate-limit-store';
import { buildAccount, registerBody } from '../support/accounts';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/postgres-admin';
import { startTcpProxy } from '../support/tcp-proxy';

// The Redis-backed tests run when REDIS_URL is set (CI sets it; locally: REDIS_URL=redis://127.0.0.1:6379).
// Redis unreachable from the start needs no Redis: they always run.
const REDIS_URL = process.env.REDIS_URL;

/** A logger that keeps what the Redis link says about outages. */
function outageLogger() {
  const warnings: string[] = [];
  const infos: string[] = [];
  return {
    warnings,
    infos,
    logger: {
      warn: (_fields: unknown, message: string) => void warnings.push(message),
      info: (message: string) => void infos.push(message),
    },
  };
}

/** Five failures answered 401, then 429: the login limit counts, wherever it counts. */
async function expectLoginLimited(app: ReturnType<typeof createTestApp>, email: string) {
  const fail = () => request(app).post('/api/auth/login').send({ email, password: 'wrong-password' });
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await fail()).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
}

describe('Redis unreachable (REDIS_URL set, nothing listening)', () => {
  let database: TestDatabase;
  let stores: RedisRateLimitStores;
  const log = outageLogger();

  beforeAll(async () => {
    database = await createTestDatabase();
    const closedPort = await freePort();
    stores = await connectRedisRateLimitStores(`redis://127.0.0.1:${closedPort}`, { logger: log.logger, startWaitMs: 200 });
  });
  afterAll(async () => {
    await stores?.close();
    await database?.destroy();
  });

  it('limited routes answer as usual, counted in memory: login 401 then 429, register, contact, forgot-password', async () => {
    const app = createTestApp(database.db, { rateLimitStores: stores.storeFor, redisReachable: stores.reachable });
    const account = await buildAccount(database.db);
    await expectLoginLimited(app, account.email);
    await request(app).post('/api/auth/register').send(registerBody()).expect(201);
    await request(app)
      .post('/api/contact')
      .send({ name: 'Camille', email: 'camille@example.test', subject: 'Question', message: 'Bonjour' })
      .expect(201);
    await request(app).post('/api/auth/forget-password-via-email').send({ email: 'nobody@example.test' }).expect(200);
    expect(log.warnings).toEqual([expect.stringMatching(/^redis unreachable/)]); // once for the outage, not per request
  });

  it('/api/ready stays ready and shows Redis down', async () => {
    const app = createTestApp(database.db, { rateLimitStores: stores.storeFor, redisReachable: stores.reachable });
    await request(app).get('/api/ready').expect(200, { status: 'ready', redis: 'down' });
  });
});

describe.skipIf(!REDIS_URL)('rate limits kept in Redis (REDIS_URL)', () => {
  const prefix = `storefront-test:${randomBytes(6).toString('hex')}:`; // this run's keys only
  let database: TestDatabase;
  let instanceA: RedisRateLimitStores;
  let instanceB: RedisRateLimitStores;
  const redis = createClient({ url: REDIS_URL });

  beforeAll(async () => {
    database = await createTestDatabase();
    // A busy CI box must not turn a slow Redis answer into a memory count (the 500 ms default).
    instanceA = await connectRedisRateLimitStores(REDIS_URL ?? '', { prefix, commandTimeoutMs: 5_000 });
    instanceB = await connectRedisRateLimitStores(REDIS_URL ?? '', { prefix, commandTimeoutMs: 5_000 });
    await redis.connect();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(keys);
    await redis.close();
    await instanceA?.close();
    await instanceB?.close();
    await database?.destroy();
  });

  it('two instances share one login counter: the 6th failure, on the other instance, is 429', async () => {
    const account = await buildAccount(database.db);
    const appA = createTestApp(database.db, { rateLimitStores: instanceA.storeFor });
    const appB = createTestApp(database.db, { rateLimitStores: instanceB.storeFor });
    const fail = (target: typeof appA) =>
      request(target).post('/api/auth/login').send({ email: account.email, password: 'wrong-password' });

    for (let i = 0; i < 5; i++) expect((await fail(appA)).status).toBe(401);
    const blocked = await fail(appB);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('too_many_attempts');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // The count lives under the login limiter's own prefix.
    expect(await redis.keys(`${prefix}login:*`)).toHaveLength(1);
  });

  it('a success on one instance gives the attempt back on the other', async () => {
    const account = await buildAccount(database.db);
    const appA = createTestApp(database.db, { rateLimitStores: instanceA.storeFor });
    const appB = createTestApp(database.db, { rateLimitStores: instanceB.storeFor });
    const login = (target: typeof appA, password: string) =>
      request(target).post('/api/auth/login').send({ email: account.email, password });

    for (let i = 0; i < 4; i++) expect((await login(appA, 'wrong-password')).status).toBe(401);
    expect((await login(appB, account.password)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100)); // the limiter gives the attempt back after the answer
    expect((await login(appB, 'wrong-password')).status).toBe(401);
    expect((await login(appA, 'wrong-password')).status).toBe(429);
  });

  it('/api/ready shows Redis up', async () => {
    const app = createTestApp(database.db, { rateLimitStores: instanceA.storeFor, redisReachable: instanceA.reachable });
    await request(app).get('/api/ready').expect(200, { status: 'ready', redis: 'up' });
  });

  it('Redis going away: memory counts meanwhile (never a 500), one warning, then back to Redis once it returns', async () => {
    const target = new URL(REDIS_URL ?? '');
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const log = outageLogger();
    const stores = await connectRedisRateLimitStores(`redis://127.0.0.1:${proxy.port}`, { prefix, logger: log.logger });
    try {
      const app = createTestApp(database.db, { rateLimitStores: stores.storeFor, redisReachable: stores.reachable });
      const account = await buildAccount(database.db);
      const fail = () => request(app).post('/api/auth/login').send({ email: account.email, password: 'wrong-password' });
      const countInRedis = async () => {
        const [key] = (await redis.keys(`${prefix}login:*`)).filter((k) => k.endsWith(`|${account.email}`));
        return key ? Number(await redis.get(key)) : 0;
      };

      expect((await fail()).status).toBe(401);
      expect(await countInRedis()).toBe(1);

      await proxy.cut();
      await request(app).get('/api/ready').expect(200, { status: 'ready', redis: 'down' });
      await expectLoginLimited(app, account.email); // a fresh count in memory
      await request(app).post('/api/auth/register').send(registerBody()).expect(201);
      expect(log.warnings).toHaveLength(1);
      expect(await countInRedis()).toBe(1);

      await proxy.restore();
      await vi.waitFor(async () => expect((await request(app).get('/api/ready')).body.redis).toBe('up'), {
        timeout: 20_000,
        interval: 250,
      });
      expect((await fail()).status).toBe(401); // Redis's count, not memory's 6
      expect(await countInRedis()).toBe(2);
      expect(log.infos).toEqual([expect.stringMatching(/^redis reachable again/)]);
    } finally {
      await stores.close();
      await proxy.cut();
    }
  });

  it('Redis down when the instance starts: it serves on memory counts, then counts in Redis once Redis comes', async () => {
    const target = new URL(REDIS_URL ?? '');
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    await proxy.cut();
    const stores = await connectRedisRateLimitStores(`redis://127.0.0.1:${proxy.port}`, { prefix, startWaitMs: 100 });
    try {
      const app = createTestApp(database.db, { rateLimitStores: stores.storeFor, redisReachable: stores.reachable });
      const account = await buildAccount(database.db);
      const fail = () => request(app).post('/api/auth/login').send({ email: account.email, password: 'wrong-password' });
      expect((await fail()).status).toBe(401);

      await proxy.restore();
      await vi.waitFor(async () => expect((await request(app).get('/api/ready')).body.redis).toBe('up'), {
        timeout: 20_000,
        interval: 250,
      });
      // The limiter's Redis scripts, not loadable at start, are loaded now: the count lands in Redis.
      expect((await fail()).status).toBe(401);
      const keys = (await redis.keys(`${prefix}login:*`)).filter((k) => k.endsWith(`|${account.email}`));
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe('1');
    } finally {
      await stores.close();
      await proxy.cut();
    }
  });

  it('keeps each limiter apart: forgot-password counts per e-mail and per address across instances', async () => {
    const appA = createTestApp(database.db, { rateLimitStores: instanceA.storeFor });
    const appB = createTestApp(database.db, { rateLimitStores: instanceB.storeFor });
    const ask = (target: typeof appA, email: string) => request(target).post('/api/auth/forget-password-via-email').send({ email });
    // Three mails an hour for one e-mail, on whichever instance the requests land.
    for (let i = 0; i < 2; i++) expect((await ask(appA, 'nobody@example.test')).status).toBe(200);
    expect((await ask(appB, 'nobody@example.test')).status).toBe(200);
    expect((await ask(appA, 'nobody@example.test')).status).toBe(429);
    expect(await redis.keys(`${prefix}forgot-password-email:*`)).toHaveLength(1);
    // Twenty requests in 15 minutes from one network address (the four above count), whatever e-mails they name.
    for (let i = 0; i < 16; i++) expect((await ask(i % 2 ? appA : appB, `someone-${i}@example.test`)).status).toBe(200);
    expect((await ask(appB, 'one-more@example.test')).status).toBe(429);
    expect(await redis.keys(`${prefix}forgot-password-address:*`)).toHaveLength(1);
  });
});
