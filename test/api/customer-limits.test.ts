import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Issue 29, finding 5: a customer could open tickets (40 in a row, all 201) and save sandbox cards
// (120 in a row) without end. Each is now limited per account per hour, answered 429 with
// Retry-After, at a number a real customer never reaches (README, "Limits against abuse").

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const db = () => database.db;
const ticketsOf = async (userId: number) => Number((await db()('support_tickets').where({ user_id: userId }).count({ n: '*' }))[0]?.n);
const methodsOf = async (userId: number) => Number((await db()('payment_methods').where({ user_id: userId }).count({ n: '*' }))[0]?.n);

const openTicket = (app: ReturnType<typeof createTestApp>, userId: number, n: number) =>
  request(app)
    .post('/api/tickets')
    .set('Authorization', bearer(userId))
    .send({ subject: `Question ${n}`, message: 'Mon serveur ne démarre plus depuis ce matin.' });

describe('opening support tickets from one account', () => {
  it('a customer scripting 40 tickets in a row gets 10 opened, then 429 with Retry-After; nothing more is stored', async () => {
    const app = createTestApp(db());
    const user = await buyer(db());
    const statuses: number[] = [];
    for (let n = 1; n <= 40; n++) statuses.push((await openTicket(app, user.id, n)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));
    expect(await ticketsOf(user.id)).toBe(10);

    const refused = await openTicket(app, user.id, 41);
    expect(refused.body).toMatchObject({ error: 'too_many_attempts' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  });

  it('one customer at the limit does not hold up another', async () => {
    const app = createTestApp(db());
    const [flooder, other] = [await buyer(db()), await buyer(db())];
    for (let n = 1; n <= 11; n++) await openTicket(app, flooder.id, n);
    expect((await openTicket(app, flooder.id, 12)).status).toBe(429);
    expect((await openTicket(app, other.id, 1)).status).toBe(201);
  });
});

describe('saving payment methods from one account', () => {
  const saveSandbox = (app: ReturnType<typeof createTestApp>, userId: number) =>
    request(app).post('/api/payment-methods/sandbox').set('Authorization', bearer(userId)).send({ outcome: 'succeeds' });

  it('a customer saving sandbox cards in a loop (120) gets 10 saved, then 429 with Retry-After', async () => {
    const app = createTestApp(db());
    const user = await buyer(db());
    const statuses: number[] = [];
    for (let n = 1; n <= 120; n++) statuses.push((await saveSandbox(app, user.id)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]));
    expect(await methodsOf(user.id)).toBe(10);
    expect(Number((await saveSandbox(app, user.id)).headers['retry-after'])).toBeGreaterThan(50 * 60);
  });

  it('provider set-ups count with the sandbox cards: the 11th set-up of the hour is refused before any provider call', async () => {
    const app = createTestApp(db());
    const user = await buyer(db());
    for (let n = 1; n <= 10; n++) await saveSandbox(app, user.id);
    const started = await request(app)
      .post('/api/payment-methods/setups')
      .set('Authorization', bearer(user.id))
      .send({ provider: 'stripe' });
    expect(started.status).toBe(429);
    expect(await db()('payment_method_setups').where({ user_id: user.id }).first()).toBeUndefined();
  });
});
