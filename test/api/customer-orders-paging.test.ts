import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesByOrder } from '../../server/modules/orders/orders.repo';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
const app = () => createTestApp(database.db);
const db = () => database.db;

/** `count` paid orders of one customer in one statement, one line each; `sameTime` of them share a creation time. */
async function insertOrders(db: Knex, userId: number, count: number, sameTime = 0): Promise<number[]> {
  const rows: { id: number }[] = (
    await db.raw(
      `INSERT INTO orders (user_id, status, subtotal_cents, tax_rate, tax_cents, total_cents, paid_at, created_at)
       SELECT ?, 'paid', 1000, 21, 210, 1210, now(),
              CASE WHEN n <= ? THEN timestamptz '2026-01-01' ELSE timestamptz '2026-01-01' + n * interval '1 minute' END
         FROM generate_series(1, ?) AS n
       RETURNING id`,
      [userId, sameTime, count],
    )
  ).rows;
  await db.raw(
    `INSERT INTO order_lines (order_id, name, price_cents, qty, tax_rate)
     SELECT id, 'VPS S', 1000, 1, 21 FROM orders WHERE user_id = ?`,
    [userId],
  );
  return rows.map((r) => r.id);
}

type Page = { orders: { id: number; lines: unknown[] }[]; next: number | null };
const readPage = async (userId: number, query: Record<string, string | number> = {}) =>
  (await request(app()).get('/api/vps/orders').query(query).set('Authorization', bearer(userId)).expect(200)).body as Page;

describe('GET /api/vps/orders a page at a time', () => {
  it('gives every order once, newest first (id breaks ties), 50 a page, each page naming the next', async () => {
    const user = await buyer(db());
    // 30 of them created at the same instant: the cursor must not skip nor repeat any of those.
    await insertOrders(db(), user.id, 120, 30);
    const expected = (
      await db()('orders')
        .where({ user_id: user.id })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
    ).map((o: { id: number }) => o.id);

    const first = await readPage(user.id);
    expect(first.orders).toHaveLength(50);
    expect(first.orders[0]!.lines).toHaveLength(1);
    expect(first.next).toBe(first.orders[49]!.id);
    const second = await readPage(user.id, { before: first.next! });
    expect(second.orders).toHaveLength(50);
    const third = await readPage(user.id, { before: second.next! });
    expect(third.orders).toHaveLength(20);
    expect(third.next).toBeNull();
    expect([...first.orders, ...second.orders, ...third.orders].map((o) => o.id)).toEqual(expected);
  });

  it('never shows another customer’s orders, even given one of their ids as the cursor', async () => {
    const owner = await buyer(db());
    const other = await buyer(db());
    const [foreign] = await insertOrders(db(), other.id, 3);
    await insertOrders(db(), owner.id, 2);
    const page = await readPage(owner.id, { before: foreign! });
    expect(page).toEqual({ orders: [], next: null });
  });

  it('answers 304 without a body while the list has not changed, and the new list once it has', async () => {
    const user = await buyer(db());
    await insertOrders(db(), user.id, 3);
    const first = await request(app()).get('/api/vps/orders').set('Authorization', bearer(user.id)).expect(200);
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const unchanged = await request(app())
      .get('/api/vps/orders')
      .set('Authorization', bearer(user.id))
      .set('If-None-Match', etag)
      .expect(304);
    expect(unchanged.text).toBeFalsy();

    await db()('orders')
      .where({ user_id: user.id })
      .orderBy('id', 'desc')
      .first()
      .then((o: { id: number }) => db()('orders').where({ id: o.id }).update({ status: 'cancelled', cancelled_at: new Date() }));
    const changed = await request(app())
      .get('/api/vps/orders')
      .set('Authorization', bearer(user.id))
      .set('If-None-Match', etag)
      .expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.body as Page).orders[0]).toMatchObject({ status: 'cancelled' });
  });

  it('refuses a page size beyond 100 or a cursor that is not an id, with the field named', async () => {
    const user = await buyer(db());
    const tooMany = await request(app()).get('/api/vps/orders?limit=1000').set('Authorization', bearer(user.id)).expect(400);
    expect(tooMany.body.fields).toHaveProperty('limit');
    const badCursor = await request(app()).get('/api/vps/orders?before=abc').set('Authorization', bearer(user.id)).expect(400);
    expect(badCursor.body.fields).toHaveProperty('before');
  });

  it('still answers a customer with more orders than Postgres takes bind parameters (65,535)', async () => {
    const user = await buyer(db());
    const ids = await insertOrders(db(), user.id, 70_000);
    const page = await readPage(user.id);
    expect(page.orders).toHaveLength(50);
    expect(page.next).not.toBeNull();
    // The lines of all of them in one query: one array parameter, not one bind per order.
    const lines = await linesByOrder(db(), ids);
    expect(lines.size).toBe(70_000);
  }, 60_000);
});
