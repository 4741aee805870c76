import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { bearer, buildAccount } from '../support/accounts';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const app = () => createTestApp(database.db);
const get = (path: string, who: number) => request(app()).get(path).set('Authorization', staffBearer(who));

async function transactions(userId: number) {
  const now = Date.now();
  await database.db('wallet_transactions').insert([
    { user_id: userId, type: 'credit', amount_cents: 5000, description: 'Recharge', created_at: new Date(now - 3 * 86_400_000) },
    { user_id: userId, type: 'debit', amount_cents: -1299, description: 'Commande n° 7', created_at: new Date(now - 86_400_000) },
    { user_id: userId, type: 'refund', amount_cents: 300, description: 'Geste commercial', created_at: new Date(now - 3_600_000) },
  ]);
}

describe('GET /api/admin/user/:id', () => {
  it('any staff member reads their own profile in the spec’s shape (fullName, walletCents, email, avatarUrl, id)', async () => {
    const { db } = database;
    for (const role of ['support', 'manager', 'admin'] as const) {
      const me = await buildStaff(db, role, { fullName: `Moi ${role}` });
      await db('users')
        .where({ id: me.id })
        .update({ wallet_cents: 4001, avatar_url: role === 'admin' ? 'https://cdn.example.test/a.png' : null });
      const res = await get(`/api/admin/user/${me.id}`, me.id).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        id: me.id,
        fullName: `Moi ${role}`,
        email: me.email,
        avatarUrl: role === 'admin' ? 'https://cdn.example.test/a.png' : null,
        walletCents: 4001,
        role,
        is_online: role === 'support',
      });
    }
  });

  it('manager and admin read another user’s; support gets 403 (even for an unknown id); unknown is 404', async () => {
    const { db } = database;
    const customer = await buildAccount(db, { full_name: 'Camille Dubois' });
    const [support, manager, admin] = await Promise.all([buildStaff(db, 'support'), buildStaff(db, 'manager'), buildStaff(db, 'admin')]);
    for (const reader of [manager, admin]) {
      const res = await get(`/api/admin/user/${customer.id}`, reader.id).expect(200);
      expect(res.body).toMatchObject({ id: customer.id, fullName: 'Camille Dubois', role: 'customer', walletCents: 0 });
    }
    expect((await get(`/api/admin/user/${admin.id}`, manager.id).expect(200)).body.role).toBe('admin');
    const refused = await get(`/api/admin/user/${customer.id}`, support.id).expect(403);
    expect(refused.body.error).toBe('forbidden_role');
    await get('/api/admin/user/999999', support.id).expect(403);
    await get('/api/admin/user/999999', admin.id).expect(404);
    await get('/api/admin/user/abc', admin.id).expect(404);
    await get('/api/admin/user/2147483648', admin.id).expect(404);
    await get('/api/admin/user/2147483648/transactions', admin.id).expect(404);
  });

  it('401 without the staff token; a customer’s own id with a session token is not enough', async () => {
    const customer = await buildAccount(database.db);
    await request(app()).get(`/api/admin/user/${customer.id}`).expect(401);
    await request(app()).get(`/api/admin/user/${customer.id}`).set('Authorization', bearer(customer.id)).expect(401);
    await get(`/api/admin/user/${customer.id}`, customer.id).expect(403);
  });
});

describe('GET /api/admin/user/:id/transactions', () => {
  it('the user’s wallet movements newest first, as TransactionDto; nobody else’s', async () => {
    const { db } = database;
    const me = await buildStaff(db, 'support');
    const other = await buildAccount(db);
    await transactions(me.id);
    await db('wallet_transactions').insert({ user_id: other.id, type: 'credit', amount_cents: 100, description: 'Pas à moi' });
    const res = await get(`/api/admin/user/${me.id}/transactions`, me.id).expect(200);
    expect(res.body).toEqual({
      transactions: [
        { id: expect.any(Number), type: 'refund', amountCents: 300, date: expect.any(String), description: 'Geste commercial' },
        { id: expect.any(Number), type: 'debit', amountCents: -1299, date: expect.any(String), description: 'Commande n° 7' },
        { id: expect.any(Number), type: 'credit', amountCents: 5000, date: expect.any(String), description: 'Recharge' },
      ],
    });
    expect(Date.parse(res.body.transactions[0].date)).toBeGreaterThan(Date.parse(res.body.transactions[1].date));
  });

  it('empty list without transactions; another user’s needs manager or admin; 404 unknown', async () => {
    const { db } = database;
    const [support, manager] = await Promise.all([buildStaff(db, 'support'), buildStaff(db, 'manager')]);
    const customer = await buildAccount(db);
    await transactions(customer.id);
    expect((await get(`/api/admin/user/${support.id}/transactions`, support.id).expect(200)).body).toEqual({ transactions: [] });
    expect((await get(`/api/admin/user/${customer.id}/transactions`, manager.id).expect(200)).body.transactions).toHaveLength(3);
    await get(`/api/admin/user/${customer.id}/transactions`, support.id).expect(403);
    await get('/api/admin/user/999999/transactions', manager.id).expect(404);
  });
});
