import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAccount } from '../support/accounts';
import { createTestApp, TEST_ENCRYPTION_KEY } from '../support/app';
import { buildDeliveredVps } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createResponseRecorder } from '../support/no-secrets';
import { buildStaff, enrolSecondFactor, freshStaffBearer, STAFF_ADMIN_PASSWORD, staffBearer } from '../support/staff';

// Back-office category 2 "Utilisateurs": search, detail, role change and admin passwords, on a
// real database. Every answer is checked for hashes at the end.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  responses.expectNoSecrets();
  await database.destroy();
});

const db = () => database.db;
const responses = createResponseRecorder();
const logLines: string[] = [];
// Debug level: every request line is written, so a password that reached a log would be seen.
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);
const app = () => responses.record(createTestApp(db(), { logger }));

const tag = () => randomBytes(4).toString('hex');
const list = (callerId: number, query: Record<string, unknown> = {}) =>
  request(app()).get('/api/admin/users').query(query).set('Authorization', staffBearer(callerId));
const detail = (callerId: number, id: number | string) =>
  request(app()).get(`/api/admin/users/${id}`).set('Authorization', staffBearer(callerId));
/** One page of an account's orders or machines. */
const userList = (callerId: number, id: number | string, list: 'orders' | 'vps', query: Record<string, unknown> = {}) =>
  request(app()).get(`/api/admin/users/${id}/${list}`).query(query).set('Authorization', staffBearer(callerId));
const changeRole = (callerId: number, id: number | string, body: unknown) =>
  request(app())
    .patch(`/api/admin/users/${id}/role`)
    .set('Authorization', staffBearer(callerId))
    .send(body as object);
const setPassword = (callerId: number, id: number | string, body: unknown) =>
  request(app())
    .put(`/api/admin/users/${id}/admin-password`)
    .set('Authorization', staffBearer(callerId))
    .send(body as object);
const auditRows = (action: string, userId: number) =>
  db()('audit_log')
    .where({ action, entity_type: 'user', entity_id: String(userId) })
    .orderBy('id');

describe('GET /api/admin/users', () => {
  it('finds accounts by name, e-mail or company, case-insensitively, with their counts', async () => {
    const manager = await buildStaff(db(), 'manager');
    const t = tag();
    const byName = await buildAccount(db(), { full_name: `Éloïse Zed${t}` });
    const byEmail = await buildAccount(db(), { email: `zed${t}@example.test`, full_name: 'Autre Nom' });
    const byCompany = await buildAccount(db(), {
      user_type: 'business',
      company_name: `ZED${t.toUpperCase()} SRL`,
      vat_number: 'BE0123456789',
    });
    await buildAccount(db(), { full_name: 'Sans rapport' });
    await buildDeliveredVps(db(), byName.id, { encryptionKey: TEST_ENCRYPTION_KEY });

    const res = await list(manager.id, { q: `zed${t}` }).expect(200);
    expect(res.body).toMatchObject({ next: null, hasMore: false });
    expect(res.body.users.map((u: { id: number }) => u.id).sort()).toEqual([byName.id, byEmail.id, byCompany.id].sort());
    const eloise = res.body.users.find((u: { id: number }) => u.id === byName.id);
    expect(eloise).toEqual({
      id: byName.id,
      fullName: `Éloïse Zed${t}`,
      email: byName.email,
      role: 'customer',
      is_online: false,
      user_type: 'particulier',
      company_name: null,
      country: 'BE',
      created_at: expect.any(String),
      deleted_at: null,
      orders_count: 1,
      vps_count: 1,
      wallet_cents: 0,
    });
  });

  it('takes % and _ as letters, not wildcards', async () => {
    const manager = await buildStaff(db(), 'manager');
    const t = tag();
    const percent = await buildAccount(db(), { full_name: `Cent ${t}%off` });
    await buildAccount(db(), { full_name: `Cent ${t}Xoff` });
    const res = await list(manager.id, { q: `${t}%off` }).expect(200);
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([percent.id]);
    expect((await list(manager.id, { q: `${t}_off` }).expect(200)).body.users).toEqual([]);
  });

  it('filters by role, and pages 50 at a time, newest first', async () => {
    const admin = await buildStaff(db(), 'admin');
    const t = tag();
    const agent = await buildStaff(db(), 'support', { fullName: `Agent ${t}` });
    await buildAccount(db(), { full_name: `Client ${t}` });
    const agents = await list(admin.id, { q: t, role: 'support' }).expect(200);
    expect(agents.body.users.map((u: { id: number }) => u.id)).toEqual([agent.id]);
    expect((await list(admin.id, { q: t, role: '' }).expect(200)).body.users).toHaveLength(2);

    const start = Date.parse('2026-01-01T00:00:00Z');
    const ids: number[] = (
      await db()('users')
        .insert(
          Array.from({ length: 51 }, (_, i) => ({
            email: `page-${t}-${i}@example.test`,
            full_name: `Page ${t} ${i}`,
            created_at: new Date(start + i * 60_000),
          })),
        )
        .returning('id')
    ).map((r: { id: number }) => r.id);
    const first = await list(admin.id, { q: `page ${t}` }).expect(200);
    expect(first.body.users).toHaveLength(50);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.users[0].id).toBe(ids[50]); // the newest
    expect(first.body.next).toBe(ids[1]);
    const second = await list(admin.id, { q: `page ${t}`, after: first.body.next }).expect(200);
    expect(second.body).toMatchObject({ next: null, hasMore: false });
    expect(second.body.users.map((u: { id: number }) => u.id)).toEqual([ids[0]]);
    // Smaller pages walk the same accounts in the same order, none twice.
    const walked: number[] = [];
    let after: number | undefined;
    do {
      const page = (await list(admin.id, { q: `page ${t}`, limit: 7, ...(after && { after }) }).expect(200)).body;
      walked.push(...page.users.map((u: { id: number }) => u.id));
      after = page.next ?? undefined;
    } while (after !== undefined);
    expect(walked).toEqual([...ids].reverse());
  });

  it('400 with the field for an unknown role, a cursor that is no id or a page over 50', async () => {
    const manager = await buildStaff(db(), 'manager');
    expect((await list(manager.id, { role: 'owner' }).expect(400)).body.fields).toHaveProperty('role');
    expect((await list(manager.id, { after: 0 }).expect(400)).body.fields).toHaveProperty('after');
    expect((await list(manager.id, { after: '1.5' }).expect(400)).body.fields).toHaveProperty('after');
    expect((await list(manager.id, { limit: 51 }).expect(400)).body.fields).toHaveProperty('limit');
  });
});

describe('GET /api/admin/users/:id', () => {
  it('gives the account, and a page of its orders and of its VPS, without a hash or the VPS password', async () => {
    const manager = await buildStaff(db(), 'manager');
    const customer = await buildAccount(db(), {
      full_name: 'Nina Détail',
      address: 'Rue Haute 1',
      phone: '+32 470 00 00 00',
      email_verified_at: new Date(),
    });
    const { order, vps } = await buildDeliveredVps(db(), customer.id, { encryptionKey: TEST_ENCRYPTION_KEY, password: 'Vps-Secret-77' });
    // Lines first: once numbered, an invoiced order's lines are final.
    await db()('order_lines').insert({ order_id: order.id, name: 'VPS Comfort', price_cents: 1000, qty: 1, tax_rate: 21 });
    await db()('orders')
      .where({ id: order.id })
      .update({ invoice_number: `F-${tag()}` });

    const res = await detail(manager.id, customer.id).expect(200);
    expect(Object.keys(res.body)).toEqual(['user', 'payment']);
    expect(res.body.user).toMatchObject({
      id: customer.id,
      fullName: 'Nina Détail',
      address: 'Rue Haute 1',
      phone: '+32 470 00 00 00',
      language: 'fr',
      vat_number: null,
    });
    expect(res.body.user.email_verified_at).toEqual(expect.any(String));
    expect(res.body.payment).toEqual({ methods: [], wallet_first: true, auto_renew_servers: { on: 1, total: 1 } });
    expect(res.text).not.toMatch(/hash/i);
    expect(res.text).not.toMatch(/password/i);

    const orders = await userList(manager.id, customer.id, 'orders').expect(200);
    expect(orders.headers['cache-control']).toBe('no-store');
    expect(orders.body).toMatchObject({ next: null, hasMore: false });
    expect(orders.body.orders).toEqual([
      {
        id: order.id,
        status: 'paid',
        product_name: 'VPS Comfort',
        total_cents: 1210,
        currency: 'EUR',
        created_at: expect.any(String),
        invoice_number: expect.stringMatching(/^F-/),
        cancel_reason: null,
        refund: null,
      },
    ]);
    const machines = await userList(manager.id, customer.id, 'vps').expect(200);
    expect(machines.body).toMatchObject({ next: null, hasMore: false });
    expect(machines.body.vpsList).toEqual([
      {
        id: vps.id,
        service_name: vps.service_name,
        ip: '203.0.113.50',
        os: 'Debian 12',
        plan: 'VPS Comfort',
        state: 'assigned',
        expires_at: expect.any(String),
        auto_renew: true,
      },
    ]);
    expect(machines.text).not.toContain('Vps-Secret-77');
    expect(machines.text).not.toMatch(/password|login/i);
  });

  it('pages the orders and the machines 50 at a time, newest first, each page after the last row shown', async () => {
    const manager = await buildStaff(db(), 'manager');
    const customer = await buildAccount(db());
    const other = await buildAccount(db());
    await buildDeliveredVps(db(), other.id, { encryptionKey: TEST_ENCRYPTION_KEY }); // never in the customer's pages
    const start = Date.parse('2026-02-01T00:00:00Z');
    // 60 orders, the last four created at the same instant (the id orders them), each with a machine.
    const orderIds: number[] = (
      await db()('orders')
        .insert(
          Array.from({ length: 60 }, (_, i) => ({
            user_id: customer.id,
            status: 'paid',
            subtotal_cents: 1000,
            tax_rate: 21,
            tax_cents: 210,
            total_cents: 1210,
            paid_at: new Date(start),
            created_at: new Date(start + Math.min(i, 56) * 60_000),
          })),
        )
        .returning('id')
    ).map((r: { id: number }) => r.id);
    const t = tag();
    const vpsOfOrder = new Map<number, number>();
    for (const [i, orderId] of orderIds.entries()) {
      const [row] = await db()('vps')
        .insert({
          service_name: `vps-${t}-${i}.vps.ovh.net`,
          ip: '203.0.113.60',
          os: 'Debian 12',
          os_family: 'linux',
          plan: 'VPS Comfort',
          region: 'GRA',
          ram_gb: 2,
          cores: 1,
          storage_gb: 40,
          traffic: 'Illimité',
          login: 'root',
          state: i % 10 === 0 ? 'deleted' : 'assigned',
          auto_renew: i % 3 === 0,
          order_id: orderId,
        })
        .returning('id');
      vpsOfOrder.set(orderId, row.id);
    }
    const newestOrders = [...orderIds].reverse(); // created_at then id, both ascending with i
    const newestVps = newestOrders.map((id) => vpsOfOrder.get(id)!);

    for (const [list, key, expected] of [
      ['orders', 'orders', newestOrders],
      ['vps', 'vpsList', newestVps],
    ] as const) {
      const first = (await userList(manager.id, customer.id, list).expect(200)).body;
      expect(first[key]).toHaveLength(50);
      expect(first.hasMore).toBe(true);
      expect(first.next).toBe(first[key][49].id);
      expect(first[key].map((r: { id: number }) => r.id)).toEqual(expected.slice(0, 50));
      const second = (await userList(manager.id, customer.id, list, { after: first.next }).expect(200)).body;
      expect(second).toMatchObject({ next: null, hasMore: false });
      expect(second[key].map((r: { id: number }) => r.id)).toEqual(expected.slice(50));
      // Smaller pages walk the same rows in the same order, none twice, none skipped.
      const walked: number[] = [];
      let after: number | undefined;
      do {
        const page = (await userList(manager.id, customer.id, list, { limit: 7, ...(after && { after }) }).expect(200)).body;
        expect(page[key].length).toBeLessThanOrEqual(7);
        walked.push(...page[key].map((r: { id: number }) => r.id));
        after = page.next ?? undefined;
      } while (after !== undefined);
      expect(walked).toEqual(expected);
    }
    // The renewal count covers every machine, not a page: 54 not deleted, 18 of them renewing.
    const notDeleted = [...orderIds.keys()].filter((i) => i % 10 !== 0);
    expect((await detail(manager.id, customer.id).expect(200)).body.payment.auto_renew_servers).toEqual({
      on: notDeleted.filter((i) => i % 3 === 0).length,
      total: notDeleted.length,
    });
  });

  it('the account lists: 404 user_not_found for an unknown account, 400 for a bad cursor or page, 403 for an agent', async () => {
    const manager = await buildStaff(db(), 'manager');
    const support = await buildStaff(db(), 'support');
    const customer = await buildAccount(db());
    for (const list of ['orders', 'vps'] as const) {
      expect((await userList(manager.id, 999_999, list).expect(404)).body.error).toBe('user_not_found');
      expect((await userList(manager.id, customer.id, list, { after: 'x' }).expect(400)).body.fields).toHaveProperty('after');
      expect((await userList(manager.id, customer.id, list, { limit: 51 }).expect(400)).body.fields).toHaveProperty('limit');
      expect((await userList(support.id, customer.id, list).expect(403)).body.error).toBe('forbidden_role');
    }
  });

  it("shows the customer's saved methods as display details only, and their renewal choices (issue 21)", async () => {
    const admin = await buildStaff(db(), 'admin');
    const customer = await buildAccount(db());
    const t = tag();
    const { vps } = await buildDeliveredVps(db(), customer.id, { encryptionKey: TEST_ENCRYPTION_KEY });
    await db()('vps').where({ id: vps.id }).update({ auto_renew: false });
    await db()('users').where({ id: customer.id }).update({ auto_renew_from_wallet: false });
    await db()('payment_methods').insert([
      {
        user_id: customer.id,
        provider: 'stripe',
        kind: 'card',
        provider_customer_id: `cus_secret${t}`,
        provider_method_id: `pm_secret${t}`,
        brand: 'visa',
        last4: '4242',
        exp_month: 4,
        exp_year: 2029,
        is_default: true,
      },
      {
        user_id: customer.id,
        provider: 'mollie',
        kind: 'directdebit',
        provider_customer_id: `cst_secret${t}`,
        provider_method_id: `mdt_secret${t}`,
        bank_account: 'BE** **** **** 4567',
      },
    ]);

    const res = await detail(admin.id, customer.id).expect(200);
    expect((await userList(admin.id, customer.id, 'vps').expect(200)).body.vpsList).toEqual([
      expect.objectContaining({ id: vps.id, auto_renew: false }),
    ]);
    expect(res.body.payment.wallet_first).toBe(false);
    expect(res.body.payment.auto_renew_servers).toEqual({ on: 0, total: 1 });
    expect(res.body.payment.methods).toEqual([
      {
        id: expect.any(Number),
        provider: 'stripe',
        kind: 'card',
        brand: 'visa',
        last4: '4242',
        exp_month: 4,
        exp_year: 2029,
        bank_account: null,
        sandbox_outcome: null,
        is_default: true,
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        provider: 'mollie',
        kind: 'directdebit',
        brand: null,
        last4: null,
        exp_month: null,
        exp_year: null,
        bank_account: 'BE** **** **** 4567',
        sandbox_outcome: null,
        is_default: false,
        created_at: expect.any(String),
      },
    ]);
    // The provider's ids stay on the server: staff never need them to read the account.
    expect(res.text).not.toContain(`secret${t}`);
  });

  it('a customer gets 403 (forged staff token) or 401 (their session); an agent is not in Users (403)', async () => {
    const customer = await buildAccount(db(), { email_verified_at: new Date() });
    const other = await buildAccount(db());
    const support = await buildStaff(db(), 'support');
    const forged = await request(app()).get(`/api/admin/users/${other.id}`).set('Authorization', staffBearer(customer.id)).expect(403);
    expect(forged.body.error).toBe('forbidden_role');
    await request(app()).get(`/api/admin/users/${other.id}`).set('Authorization', bearer(customer.id)).expect(401);
    expect((await detail(support.id, other.id).expect(403)).body.error).toBe('forbidden_role');
  });

  it('404 user_not_found for an unknown id, 404 not_found for one that cannot be an id', async () => {
    const manager = await buildStaff(db(), 'manager');
    expect((await detail(manager.id, 999_999).expect(404)).body.error).toBe('user_not_found');
    expect((await detail(manager.id, 'abc').expect(404)).body.error).toBe('not_found');
    expect((await detail(manager.id, '2147483648').expect(404)).body.error).toBe('not_found');
  });
});

describe('PATCH /api/admin/users/:id/role', () => {
  it('promotes a customer; the change is audited and felt at their next staff call', async () => {
    const admin = await buildStaff(db(), 'admin');
    const customer = await buildAccount(db());
    await request(app()).get('/api/admin/getrole').set('Authorization', staffBearer(customer.id)).expect(403);
    const res = await changeRole(admin.id, customer.id, { role: 'manager' }).expect(200);
    expect(res.body.user).toMatchObject({ id: customer.id, role: 'manager' });
    const token = await freshStaffBearer(db(), customer.id);
    // The new manager enrols a second factor before the back-office opens.
    expect((await request(app()).get('/api/admin/users').set('Authorization', token).expect(403)).body.error).toBe(
      'second_factor_required',
    );
    await enrolSecondFactor(db(), customer.id);
    await request(app()).get('/api/admin/users').set('Authorization', token).expect(200);
    const [audit] = await auditRows('user.role_changed', customer.id);
    expect(audit).toMatchObject({ actor_id: admin.id, before: { role: 'customer' }, after: { role: 'manager', staffSessionsEnded: 1 } });
  });

  it('a demoted manager’s staff token is refused on the very next call, and the new role decides after', async () => {
    const admin = await buildStaff(db(), 'admin');
    const manager = await buildStaff(db(), 'manager');
    await list(manager.id).expect(200);
    await changeRole(admin.id, manager.id, { role: 'support' }).expect(200);
    expect((await list(manager.id).expect(401)).body.error).toBe('staff_token_required');
    const asSupport = await freshStaffBearer(db(), manager.id);
    const res = await request(app()).get('/api/admin/users').set('Authorization', asSupport).expect(403);
    expect(res.body.error).toBe('forbidden_role');
  });

  it('demoting an agent puts them off duty, drops their admin password and puts their taken orders back to pending', async () => {
    const admin = await buildStaff(db(), 'admin');
    const agent = await buildStaff(db(), 'support', { online: true });
    const customer = await buildAccount(db());
    const [taken] = await db()('orders')
      .insert({
        user_id: customer.id,
        status: 'in_progress',
        support_id: agent.id,
        taken_at: new Date(),
        subtotal_cents: 1000,
        tax_rate: 21,
        tax_cents: 210,
        total_cents: 1210,
      })
      .returning('id');
    await changeRole(admin.id, agent.id, { role: 'customer' }).expect(200);
    expect(await db()('users').where({ id: agent.id }).first()).toMatchObject({
      role: 'customer',
      is_online: false,
      admin_password_hash: null,
    });
    expect(await db()('orders').where({ id: taken.id }).first()).toMatchObject({ status: 'pending', support_id: null, taken_at: null });
    expect(await db()('audit_log').where({ action: 'order.released', entity_id: String(taken.id) })).toHaveLength(1);
    const [audit] = await auditRows('user.role_changed', agent.id);
    expect(audit).toMatchObject({
      before: { role: 'support', is_online: true },
      after: { role: 'customer', is_online: false, released: [taken.id] },
    });
  });

  it('409 cannot_change_own_role: an admin does not demote themselves', async () => {
    const admin = await buildStaff(db(), 'admin');
    expect((await changeRole(admin.id, admin.id, { role: 'customer' }).expect(409)).body.error).toBe('cannot_change_own_role');
    expect((await db()('users').where({ id: admin.id }).first()).role).toBe('admin');
    expect(await auditRows('user.role_changed', admin.id)).toHaveLength(0);
  });

  it('400 for a bad body and 404 for an unknown account, nothing changed', async () => {
    const admin = await buildStaff(db(), 'admin');
    const customer = await buildAccount(db());
    for (const body of [{}, { role: 'owner' }, { role: 7 }]) {
      expect((await changeRole(admin.id, customer.id, body).expect(400)).body.fields).toHaveProperty('role');
    }
    expect((await changeRole(admin.id, 999_999, { role: 'admin' }).expect(404)).body.error).toBe('user_not_found');
    expect((await db()('users').where({ id: customer.id }).first()).role).toBe('customer');
    expect(await auditRows('user.role_changed', customer.id)).toHaveLength(0);
  });

  it('a manager may not change roles (403), even their own', async () => {
    const manager = await buildStaff(db(), 'manager');
    const customer = await buildAccount(db());
    expect((await changeRole(manager.id, customer.id, { role: 'admin' }).expect(403)).body.error).toBe('forbidden_role');
    expect((await changeRole(manager.id, manager.id, { role: 'admin' }).expect(403)).body.error).toBe('forbidden_role');
    expect((await db()('users').where({ id: customer.id }).first()).role).toBe('customer');
    expect((await db()('users').where({ id: manager.id }).first()).role).toBe('manager');
  });
});

describe('PUT /api/admin/users/:id/admin-password', () => {
  it('sets a staff admin password that then opens the back-office; audited without it, never logged', async () => {
    const admin = await buildStaff(db(), 'admin');
    const support = await buildStaff(db(), 'support');
    await request(app()).get('/api/admin/getrole').set('Authorization', staffBearer(support.id)).expect(200);
    const password = `Nouveau-${tag()}-pass`;
    expect((await setPassword(admin.id, support.id, { password }).expect(200)).body).toEqual({ success: true });
    // The staff token opened with the old password ends with it.
    expect((await request(app()).get('/api/admin/getrole').set('Authorization', staffBearer(support.id)).expect(401)).body.error).toBe(
      'staff_token_required',
    );

    const verify = (admin_password: string) =>
      request(app()).post('/api/admin/verify-admin-password').set('Authorization', bearer(support.id)).send({ admin_password });
    expect((await verify(password).expect(200)).body.adminToken).toEqual(expect.any(String));
    await verify(STAFF_ADMIN_PASSWORD).expect(401); // the old one no longer opens it

    const [audit] = await auditRows('user.admin_password_set', support.id);
    expect(audit).toMatchObject({ actor_id: admin.id, after: { staffSessionsEnded: 1 } });
    expect(JSON.stringify(audit)).not.toContain(password);
    expect(JSON.stringify(audit)).not.toMatch(/argon2/);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(password);
  });

  it('409 not_staff for a customer account; 400 for a short password; nothing changed', async () => {
    const admin = await buildStaff(db(), 'admin');
    const customer = await buildAccount(db());
    expect((await setPassword(admin.id, customer.id, { password: 'Long-enough-1' }).expect(409)).body.error).toBe('not_staff');
    expect((await db()('users').where({ id: customer.id }).first()).admin_password_hash).toBeNull();

    const manager = await buildStaff(db(), 'manager');
    const before = (await db()('users').where({ id: manager.id }).first()).admin_password_hash;
    for (const body of [{}, { password: 'short-9ch' }, { password: 1234567890 }]) {
      expect((await setPassword(admin.id, manager.id, body).expect(400)).body.fields).toHaveProperty('password');
    }
    expect((await setPassword(admin.id, 999_999, { password: 'Long-enough-1' }).expect(404)).body.error).toBe('user_not_found');
    expect((await db()('users').where({ id: manager.id }).first()).admin_password_hash).toBe(before);
    expect(await auditRows('user.admin_password_set', manager.id)).toHaveLength(0);
  });

  it('a manager may not set admin passwords (403)', async () => {
    const manager = await buildStaff(db(), 'manager');
    const support = await buildStaff(db(), 'support');
    const before = (await db()('users').where({ id: support.id }).first()).admin_password_hash;
    expect((await setPassword(manager.id, support.id, { password: 'Long-enough-1' }).expect(403)).body.error).toBe('forbidden_role');
    expect((await db()('users').where({ id: support.id }).first()).admin_password_hash).toBe(before);
  });
});
