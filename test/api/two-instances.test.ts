import jwt from 'jsonwebtoken';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../server/db/knex';
import { connectRedisRateLimitStores, type RedisRateLimitStores } from '../../server/http/rate-limit-store';
import { createJobQueue, type JobQueue } from '../../server/jobs/job-queue';
import { SESSION_PRUNE_QUEUE } from '../../server/jobs/queues';
import { pruneSessions } from '../../server/modules/auth/session-prune.job';
import { systemClock } from '../../server/clock/clock';
import { startStripeFake, type StripeFake } from '../fakes/stripe';
import { bearer, buildAccount, uniqueEmail } from '../support/accounts';
import { createTestApp, testLogger } from '../support/app';
import { buildSellableProduct, buyer, cartBody, countRows } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Two instances of the shop on ONE Postgres and ONE Redis, as compose.yaml and the Kubernetes
// Deployment run them: each has its own connection pool, its own rate-limit stores on Redis and
// its own job queue, as two processes would. Needs Redis: CI's external pass sets REDIS_URL (and
// DATABASE_URL); without REDIS_URL the suite is skipped.
const REDIS_URL = process.env.REDIS_URL;

type App = ReturnType<typeof createTestApp>;

describe.skipIf(!REDIS_URL)('two instances on one Postgres and one Redis', () => {
  const prefix = `storefront-test:${randomBytes(6).toString('hex')}:`; // this run's Redis keys only
  let database: TestDatabase;
  let secondPool: Knex;
  let storesA: RedisRateLimitStores;
  let storesB: RedisRateLimitStores;
  let stripe: StripeFake;
  let a: App;
  let b: App;
  const redis = createClient({ url: REDIS_URL });

  beforeAll(async () => {
    database = await createTestDatabase();
    secondPool = createDb(database.url, { pool: { min: 0, max: 5 } });
    // A busy CI box must not turn a slow Redis answer into a memory count (the 500 ms default).
    storesA = await connectRedisRateLimitStores(REDIS_URL ?? '', { prefix, commandTimeoutMs: 5_000 });
    storesB = await connectRedisRateLimitStores(REDIS_URL ?? '', { prefix, commandTimeoutMs: 5_000 });
    stripe = await startStripeFake();
    const stripeConfig = { stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.apiBase } };
    a = createTestApp(database.db, { rateLimitStores: storesA.storeFor, config: stripeConfig });
    b = createTestApp(secondPool, { rateLimitStores: storesB.storeFor, config: stripeConfig });
    await redis.connect();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(keys);
    await redis.close();
    await storesA?.close();
    await storesB?.close();
    await stripe?.close();
    await secondPool?.destroy();
    await database?.destroy();
  });

  it('a scheduled job runs once, on one of them, though both work its queue and register its schedule', async () => {
    const user = await buildAccount(database.db);
    const longAgo = new Date(systemClock.now().getTime() - 30 * 86_400_000);
    await database.db('sessions').insert({
      id: randomUUID(),
      user_id: user.id,
      kind: 'login',
      created_at: longAgo,
      last_seen_at: longAgo,
      expires_at: new Date(longAgo.getTime() + 86_400_000),
    });
    const runs: string[] = [];
    const instance = async (name: string, db: Knex): Promise<JobQueue> => {
      const jobs = createJobQueue(db, testLogger());
      await jobs.start();
      await jobs.work(SESSION_PRUNE_QUEUE.name, async () => {
        runs.push(name);
        await pruneSessions({ db, clock: systemClock, logger: testLogger() });
      });
      // Every minute here (03:30 in production): pg-boss turns each slot into one job across instances.
      await jobs.schedule(SESSION_PRUNE_QUEUE.name, '* * * * *');
      return jobs;
    };
    const instances = await Promise.all([instance('A', database.db), instance('B', secondPool)]);
    try {
      // pg-boss checks its cron schedules every 30 s and sends a slot within the minute after it: up
      // to about 75 s from here, whatever second of the minute the test starts at.
      await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 80_000, interval: 250 });
      await new Promise((resolve) => setTimeout(resolve, 8_000)); // both instances' pollers had their turns
      expect(runs).toHaveLength(1);
      expect(await countRows(database.db, 'sessions', { user_id: user.id, kind: 'login' })).toBe(1); // the expired one pruned
    } finally {
      await Promise.all(instances.map((jobs) => jobs.stop()));
    }
  }, 110_000);

  it('a rate limit counts requests on both: the 6th contact message of an hour is refused wherever it lands', async () => {
    const send = (target: App) =>
      request(target)
        .post('/api/contact')
        .set('X-Forwarded-For', '203.0.113.61')
        .send({ name: 'Camille', email: 'camille@example.test', subject: 'Question', message: 'Bonjour' });
    const statuses: number[] = [];
    for (const target of [a, b, a, b, a]) statuses.push((await send(target)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const refused = await send(b);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('too_many_attempts');
  });

  it('a session ended on one is refused by the other: logout, and one device ended from another', async () => {
    const account = await buildAccount(database.db);
    const logIn = async (target: App) =>
      `Bearer ${(await request(target).post('/api/auth/login').send({ email: account.email, password: account.password }).expect(200)).body.token as string}`;
    const me = (target: App, auth: string) => request(target).get('/api/auth/me').set('Authorization', auth);

    const laptop = await logIn(a);
    await me(b, laptop).expect(200);
    await request(a).post('/api/auth/logout').set('Authorization', laptop).expect(200);
    await me(b, laptop).expect(401);

    const phone = await logIn(a);
    const desktop = await logIn(b);
    const phoneId = (jwt.decode(phone.slice('Bearer '.length)) as jwt.JwtPayload).jti as string;
    const listed = await request(b).get('/api/auth/sessions').set('Authorization', desktop).expect(200);
    expect((listed.body.sessions as { id: string }[]).map((s) => s.id)).toContain(phoneId); // opened on A, listed by B
    await request(b).delete(`/api/auth/sessions/${phoneId}`).set('Authorization', desktop).expect(200);
    await me(a, phone).expect(401);
    await me(a, desktop).expect(200);
  });

  it("a payment's webhook on one and the customer's page on the other settle the order once", async () => {
    const user = await buyer(database.db);
    const product = await buildSellableProduct(database.db);
    const placed = await request(a).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(cartBody(product)).expect(201);
    const orderId = placed.body.orderId as number;
    const sessionId = [...stripe.sessions.keys()].at(-1)!;
    stripe.completeSession(sessionId); // paid at Stripe; its notification and the return page's poll race
    const event = stripe.signedEvent('checkout.session.completed', sessionId);

    const [webhook, page] = await Promise.all([
      request(a).post('/api/webhooks/stripe').set(event.headers).set('Content-Type', 'application/json').send(event.body),
      request(b).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)),
    ]);
    expect(webhook.status).toBe(200);
    expect(['paid', 'payment_already_recorded']).toContain(webhook.body.outcome);
    expect(page.status).toBe(200);

    const seenOnB = await request(b).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    const seenOnA = await request(a).get(`/api/orders/${orderId}`).set('Authorization', bearer(user.id)).expect(200);
    expect(seenOnB.body.order).toMatchObject({ status: 'pending', invoice_number: expect.stringMatching(/^\d{4}-\d{6}$/) });
    expect(seenOnA.body.order.invoice_number).toBe(seenOnB.body.order.invoice_number);
    expect(await countRows(database.db, 'payments', { order_id: orderId })).toBe(1);
    expect(await countRows(database.db, 'billing_documents', { order_id: orderId, kind: 'invoice' })).toBe(1);
  });

  it('the per-address login limit counts failed logins on both, unknown e-mails included', async () => {
    const from = '198.51.100.77';
    const login = (target: App, email: string, password: string) =>
      request(target).post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });
    const statuses: number[] = [];
    // 20 failures in 15 minutes from one address, half on each instance, for e-mails nobody has.
    for (let i = 0; i < 20; i++) statuses.push((await login(i % 2 ? a : b, uniqueEmail('spray'), 'Summer2026!')).status);
    expect(statuses).toEqual(Array(20).fill(401));
    const account = await buildAccount(database.db);
    for (const target of [a, b]) {
      const refused = await login(target, uniqueEmail('spray'), 'Summer2026!');
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('too_many_attempts');
    }
    // Locked for that address on both instances, even with a right password; another address logs in.
    expect((await login(b, account.email, account.password)).status).toBe(429);
    const elsewhere = await request(a)
      .post('/api/auth/login')
      .set('X-Forwarded-For', '198.51.100.78')
      .send({ email: account.email, password: account.password });
    expect(elsewhere.status).toBe(200);
    // One count for the address, in Redis, whichever instance answered: the 20 failures.
    const [key, ...others] = (await redis.keys(`${prefix}login-address:*`)).filter((k) => k.endsWith(from));
    expect(others).toEqual([]);
    expect(await redis.get(key!)).toBe('20');
  }, 120_000);
});
