import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedisRateLimitStores, type RedisRateLimitStores } from '../../server/http/rate-limit-store';
import { buildAccount } from '../support/accounts';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Runs when REDIS_URL is set (CI sets it; locally: REDIS_URL=redis://127.0.0.1:6379).
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('rate limits kept in Redis (REDIS_URL)', () => {
  const prefix = `storefront-test:${randomBytes(6).toString('hex')}:`; // this run's keys only
  let database: TestDatabase;
  let instanceA: RedisRateLimitStores;
  let instanceB: RedisRateLimitStores;
  const redis = createClient({ url: REDIS_URL });

  beforeAll(async () => {
    database = await createTestDatabase();
    instanceA = await connectRedisRateLimitStores(REDIS_URL ?? '', { prefix });
    instanceB = await connectRedisRateLimitStores(REDIS_URL ?? '', { prefix });
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

  it('keeps each limiter apart: forgot-password counts from one address across instances', async () => {
    const appA = createTestApp(database.db, { rateLimitStores: instanceA.storeFor });
    const appB = createTestApp(database.db, { rateLimitStores: instanceB.storeFor });
    const ask = (target: typeof appA) => request(target).post('/api/auth/forget-password-via-email').send({ email: 'nobody@example.test' });
    for (let i = 0; i < 3; i++) expect((await ask(appA)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await ask(appB)).status).toBe(200);
    expect((await ask(appA)).status).toBe(429);
    expect(await redis.keys(`${prefix}forgot-password:*`)).toHaveLength(1);
  });
});
