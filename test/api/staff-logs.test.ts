import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { buildAccount } from '../support/accounts';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

let database: TestDatabase;
let admin: { id: number; email: string };
let support: { id: number; email: string };
let customer: { id: number; email: string };

// The audit log of this file's database: five known rows, and 60 older ones for paging.
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  admin = await buildStaff(db, 'admin', { fullName: 'Alice Admin' });
  support = await buildStaff(db, 'support', { fullName: 'Sam Support' });
  customer = await buildAccount(db, { full_name: 'Camille Client' });
  const row = (actor_id: number | null, action: string, at: string, extra: Record<string, unknown> = {}) => ({
    actor_id,
    action,
    entity_type: action.split('.')[0],
    entity_id: '1',
    created_at: new Date(at),
    ...extra,
  });
  await db('audit_log').insert([
    row(admin.id, 'product.created', '2026-11-01T10:00:00Z', { after: JSON.stringify({ slug: 'vps' }), ip: '203.0.113.9' }),
    row(support.id, 'ticket.replied', '2026-11-02T10:00:00Z'),
    row(support.id, 'ticket.closed', '2026-11-03T23:30:00Z'),
    row(null, 'order.paid', '2026-11-04T08:00:00Z'),
    row(customer.id, 'orderx.test', '2026-11-05T08:00:00Z'),
    ...Array.from({ length: 60 }, (_, i) =>
      row(customer.id, 'vps.power', new Date(Date.parse('2026-10-01T00:00:00Z') + i * 60_000).toISOString()),
    ),
  ]);
});
afterAll(() => database.destroy());

const logs = (query: string, who = admin.id) =>
  request(createTestApp(database.db)).get(`/api/admin/logs${query}`).set('Authorization', staffBearer(who));
const actions = (body: { entries: { action: string }[] }) => body.entries.map((e) => e.action);

describe('GET /api/admin/logs', () => {
  it('50 a page, newest first, with the actor’s name and e-mail; the next page has the rest', async () => {
    const first = await logs('').expect(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toMatchObject({ limit: 50, next: first.body.entries[49].id, hasMore: true });
    expect(first.body.entries).toHaveLength(50);
    expect(actions(first.body).slice(0, 5)).toEqual(['orderx.test', 'order.paid', 'ticket.closed', 'ticket.replied', 'product.created']);
    expect(first.body.entries[4]).toEqual({
      id: expect.any(Number),
      actor_id: admin.id,
      actor_name: 'Alice Admin',
      actor_email: admin.email,
      action: 'product.created',
      entity_type: 'product',
      entity_id: '1',
      before: null,
      after: { slug: 'vps' },
      ip: '203.0.113.9',
      created_at: '2026-11-01T10:00:00.000Z',
    });
    expect(first.body.entries[1]).toMatchObject({ actor_id: null, actor_name: null, actor_email: null });

    const second = await logs(`?after=${first.body.next}`).expect(200);
    expect(second.body).toMatchObject({ next: null, hasMore: false });
    expect(second.body.entries).toHaveLength(15);
    expect(second.body.entries.at(-1).created_at).toBe('2026-10-01T00:00:00.000Z');
    const dates = [...first.body.entries, ...second.body.entries].map((e: { created_at: string }) => e.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('who: by actor id, by e-mail (any case), or system', async () => {
    expect(actions((await logs(`?actor=${support.id}`).expect(200)).body)).toEqual(['ticket.closed', 'ticket.replied']);
    expect(actions((await logs(`?actor=${encodeURIComponent(admin.email.toUpperCase())}`).expect(200)).body)).toEqual(['product.created']);
    expect(actions((await logs('?actor=system').expect(200)).body)).toEqual(['order.paid']);
    expect((await logs('?actor=nobody@example.test').expect(200)).body.entries).toEqual([]);
  });

  it('what: an action prefix, taken literally (an underscore is no wildcard)', async () => {
    expect(actions((await logs('?action=ticket.').expect(200)).body)).toEqual(['ticket.closed', 'ticket.replied']);
    expect(actions((await logs('?action=order').expect(200)).body)).toEqual(['orderx.test', 'order.paid']);
    expect(actions((await logs('?action=order.').expect(200)).body)).toEqual(['order.paid']);
    expect((await logs('?action=order_').expect(200)).body.entries).toEqual([]);
  });

  it('when: from/to bounds, a bare day covering the whole day; filters combine', async () => {
    expect(actions((await logs('?from=2026-11-02&to=2026-11-03').expect(200)).body)).toEqual(['ticket.closed', 'ticket.replied']);
    expect(actions((await logs('?from=2026-11-02&to=2026-11-03T12:00:00Z').expect(200)).body)).toEqual(['ticket.replied']);
    // Midnight at UTC+2 is 22:00 UTC the day before: the 23:30 UTC close is in.
    expect(actions((await logs('?from=2026-11-04T00:00:00%2B02:00').expect(200)).body)).toEqual([
      'orderx.test',
      'order.paid',
      'ticket.closed',
    ]);
    expect(actions((await logs(`?from=2026-11-01&actor=${support.id}&action=ticket.closed`).expect(200)).body)).toEqual(['ticket.closed']);
  });

  it.each([
    ['actor', '?actor=bob'],
    ['action', '?action=DROP%20TABLE'],
    ['from', '?from=yesterday'],
    ['to', '?from=2026-11-05&to=2026-11-01'],
    ['after', '?after=0'],
    ['after', '?after=x'],
    ['limit', '?limit=51'],
  ])('400 on a bad %s, with field details', async (field, query) => {
    const res = await logs(query).expect(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.fields)).toContain(field);
  });

  it('admin only: 403 for manager and support, 401 without the staff token', async () => {
    const manager = await buildStaff(database.db, 'manager');
    for (const who of [manager.id, support.id]) {
      const res = await logs('', who).expect(403);
      expect(res.body.error).toBe('forbidden_role');
    }
    await request(createTestApp(database.db)).get('/api/admin/logs').expect(401);
  });
});
