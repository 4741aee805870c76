import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_PAID_QUEUE } from '../../server/jobs/queues';
import { bearer } from '../support/accounts';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { createTestApp } from '../support/app';
import { buildAvailableVps } from '../support/builders';
import { buyer, buildSellableProduct, cartBody, countRows, startCardCheckout } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// The staff order workflow (issue 7): list, take, VPS selection, confirm, end of service, and
// Billing's mark-paid and cancel, on a real database.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const db = () => database.db;
const app = () => createTestApp(db());

/** An order as checkout would leave it, with one line of `product` (whose ovh_config gives the OS). */
async function buildOrder(
  userId: number,
  fields: Record<string, unknown> = {},
  product?: { id: number; name: string },
): Promise<{ id: number }> {
  const [order] = await db()('orders')
    .insert({ user_id: userId, status: 'pending', subtotal_cents: 1000, tax_rate: 21, tax_cents: 210, total_cents: 1210, ...fields })
    .returning('*');
  if (product) {
    await db()('order_lines').insert({
      order_id: order.id,
      product_id: product.id,
      name: product.name,
      price_cents: 1000,
      qty: 1,
      tax_rate: 21,
    });
  }
  return order;
}

const buildVps = (fields: Record<string, unknown> = {}) => buildAvailableVps(db(), fields);

async function productWithOs(os: string | undefined, overrides: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const name = `VPS ${os ?? 'sans OS'}`;
  const product = await buildSellableProduct(db(), { name, ovh_config: JSON.stringify(os ? { region: 'GRA', os } : {}), ...overrides });
  return { id: product.id, name };
}

const auditRows = (entityType: string, entityId: number) =>
  db()('audit_log')
    .where({ entity_type: entityType, entity_id: String(entityId) })
    .orderBy('id');

const take = (agentId: number, orderId: number | string, body: object = {}) =>
  request(app()).post(`/api/admin/orders/${orderId}/take`).set('Authorization', staffBearer(agentId)).send(body);
const confirm = (agentId: number, orderId: number | string, body: object) =>
  request(app()).post(`/api/admin/orders/${orderId}/confirm`).set('Authorization', staffBearer(agentId)).send(body);
const available = (agentId: number, query: Record<string, unknown> = {}) =>
  request(app()).get('/api/admin/vps/available').query(query).set('Authorization', staffBearer(agentId));

describe('GET /api/admin/orders', () => {
  it('lists open orders newest first with client, product, OS and agent; paid and cancelled are hidden', async () => {
    const agent = await buildStaff(db(), 'support', { fullName: 'Sophie Support' });
    const client = await buyer(db(), { full_name: 'Nina Liste' });
    const debian = await productWithOs('Debian 12');
    const base = Date.parse('2030-01-01T10:00:00Z'); // later than any other order of this file
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const unpaid = await buildOrder(client.id, { status: 'unpaid', created_at: at(1) }, debian);
    const pending = await buildOrder(client.id, { status: 'pending', created_at: at(2), os: 'Windows Server 2022' }, debian);
    const taken = await buildOrder(client.id, { status: 'in_progress', support_id: agent.id, created_at: at(3) }, debian);
    await buildOrder(client.id, { status: 'paid', created_at: at(4) }, debian);
    await buildOrder(client.id, { status: 'cancelled', created_at: at(5) }, debian);

    const res = await request(app()).get('/api/admin/orders').set('Authorization', staffBearer(agent.id)).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ limit: 50 });
    const mine = res.body.orders.filter((o: { user_id: number }) => o.user_id === client.id);
    expect(mine.map((o: { id: number }) => o.id)).toEqual([taken.id, pending.id, unpaid.id]);
    // Spec §3 "Order (staff view)": id, customerName, product, os, status, supportId, createdAt.
    expect(mine[0]).toEqual({
      id: taken.id,
      customerName: 'Nina Liste',
      product: debian.name,
      os: 'Debian 12', // no OS on the order: the product's ovh_config.os
      status: 'in_progress',
      supportId: agent.id,
      createdAt: at(3).toISOString(),
      uuid: expect.any(String),
      user_id: client.id,
      client_email: client.email,
      support_name: 'Sophie Support',
      paid_at: null,
      total_cents: 1210,
      currency: 'EUR',
      cancel_reason: null,
      refund: null,
    });
    expect(mine[1]).toMatchObject({ status: 'pending', os: 'Windows Server 2022', supportId: null, support_name: null });
    expect(res.body.orders.every((o: { status: string }) => ['unpaid', 'pending', 'in_progress'].includes(o.status))).toBe(true);
  });

  it('pages by cursor, newest first: each page starts after the last order of the one before', async () => {
    const manager = await buildStaff(db(), 'manager');
    const client = await buyer(db());
    const base = Date.parse('2031-01-01T10:00:00Z');
    const ids: number[] = [];
    // Two share their creation time: the id orders them, and none is skipped or repeated.
    for (let i = 0; i < 5; i++) ids.unshift((await buildOrder(client.id, { created_at: new Date(base + Math.min(i, 3) * 1000) })).id);
    const page = async (after?: number) =>
      (
        await request(app())
          .get('/api/admin/orders')
          .query({ limit: 2, ...(after && { after }) })
          .set('Authorization', staffBearer(manager.id))
          .expect(200)
      ).body as { orders: { id: number }[]; next: number | null; limit: number };
    const first = await page();
    expect(first.orders.map((o) => o.id)).toEqual(ids.slice(0, 2));
    expect(first).toMatchObject({ limit: 2, next: ids[1] });
    const second = await page(first.next!);
    expect(second.orders.map((o) => o.id)).toEqual(ids.slice(2, 4));
    // The cursor's order leaving the list (paid) does not move the next page.
    await db()('orders').where({ id: ids[1] }).update({ status: 'paid', paid_at: new Date() });
    expect((await page(first.next!)).orders.map((o) => o.id)).toEqual(ids.slice(2, 4));
  });

  it('refuses a bad query with field details, and a userId that is not the caller', async () => {
    const agent = await buildStaff(db(), 'support');
    const other = await buildStaff(db(), 'support');
    const list = (query: Record<string, unknown>) =>
      request(app()).get('/api/admin/orders').query(query).set('Authorization', staffBearer(agent.id));
    for (const query of [{ limit: 51 }, { limit: 0 }, { after: 0 }, { after: 'abc' }, { userId: 'x' }]) {
      const res = await list(query).expect(400);
      expect(res.body.error).toBe('validation_error');
      expect(Object.keys(res.body.fields)).toHaveLength(1);
    }
    expect((await list({ userId: other.id }).expect(403)).body.error).toBe('forbidden');
    await list({ userId: agent.id, limit: 50 }).expect(200);
  });

  it("answers the spec's call for page 2: the 51st to 100th newest open orders, as the cursor walk gives them", async () => {
    const agent = await buildStaff(db(), 'support');
    const client = await buyer(db());
    // Newer than every other order of this file, so these 60 are the list's first 60.
    const base = Date.parse('2040-01-01T10:00:00Z');
    const rows = Array.from({ length: 60 }, (_, i) => ({
      user_id: client.id,
      status: 'pending',
      subtotal_cents: 1000,
      tax_rate: 21,
      tax_cents: 210,
      total_cents: 1210,
      created_at: new Date(base + i * 1000),
    }));
    const newestFirst = ((await db()('orders').insert(rows).returning('id')) as { id: number }[]).map((r) => r.id).reverse();
    const list = (query: Record<string, unknown>) =>
      request(app()).get('/api/admin/orders').query(query).set('Authorization', staffBearer(agent.id)).expect(200);
    const ids = (body: { orders: { id: number }[] }) => body.orders.map((o) => o.id);

    const pageOne = (await list({ userId: agent.id, page: 1 })).body;
    expect(ids(pageOne)).toEqual(newestFirst.slice(0, 50));
    expect((await list({})).body).toEqual(pageOne);
    const pageTwo = (await list({ userId: agent.id, page: 2, limit: 50 })).body;
    expect(ids(pageTwo).slice(0, 10)).toEqual(newestFirst.slice(50, 60));
    expect(pageTwo).toMatchObject({ limit: 50 });
    // The same orders as the app's keyset call after page 1.
    expect((await list({ after: pageOne.next })).body).toEqual(pageTwo);
    expect(ids((await list({ page: 3, limit: 20 })).body).slice(0, 20)).toEqual(newestFirst.slice(40, 60));
  });

  it('refuses page= beside after= with a field error naming page', async () => {
    const agent = await buildStaff(db(), 'support');
    const res = await request(app()).get('/api/admin/orders').query({ page: 2, after: 5 }).set('Authorization', staffBearer(agent.id));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['page']);
  });
});

describe('POST /api/admin/orders/:id/take', () => {
  it("makes a pending order the agent's (in_progress) with an audit row", async () => {
    const agent = await buildStaff(db(), 'support', { fullName: 'Paul Prise' });
    const client = await buyer(db());
    const order = await buildOrder(client.id, {}, await productWithOs('Ubuntu 24.04'));
    const res = await take(agent.id, order.id, { userId: agent.id }).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      order: { id: order.id, status: 'in_progress', supportId: agent.id, support_name: 'Paul Prise', os: 'Ubuntu 24.04' },
    });
    const row = await db()('orders').where({ id: order.id }).first();
    expect(row).toMatchObject({ status: 'in_progress', support_id: agent.id });
    expect(row.taken_at).toBeInstanceOf(Date);
    const audits = await auditRows('order', order.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_id: agent.id,
      action: 'order.taken',
      before: { status: 'pending', support_id: null },
      after: { status: 'in_progress', support_id: agent.id },
    });
  });

  it('two agents racing for one order: exactly one gets it, the other 409', async () => {
    const [first, second] = [await buildStaff(db(), 'support'), await buildStaff(db(), 'support')];
    const order = await buildOrder((await buyer(db())).id);
    const answers = await Promise.all([take(first.id, order.id), take(second.id, order.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(loser.body.error).toBe('order_not_takeable');
    const winner = answers[0]!.status === 200 ? first : second;
    expect(await db()('orders').where({ id: order.id }).first()).toMatchObject({ status: 'in_progress', support_id: winner.id });
    expect(await auditRows('order', order.id)).toHaveLength(1);
  });

  it('refuses orders that are not pending and free, unknown ids, bad ids and another userId, changing nothing', async () => {
    const agent = await buildStaff(db(), 'support');
    const other = await buildStaff(db(), 'support');
    const client = await buyer(db());
    for (const status of ['unpaid', 'paid', 'cancelled']) {
      const order = await buildOrder(client.id, { status });
      expect((await take(agent.id, order.id).expect(409)).body.error).toBe('order_not_takeable');
      expect((await db()('orders').where({ id: order.id }).first()).status).toBe(status);
    }
    const taken = await buildOrder(client.id, { status: 'in_progress', support_id: other.id });
    await take(agent.id, taken.id).expect(409);
    expect((await take(agent.id, 999_999).expect(404)).body.error).toBe('order_not_found');
    expect((await take(agent.id, 'abc').expect(404)).body.error).toBe('not_found');
    expect((await take(agent.id, '2147483648').expect(404)).body.error).toBe('not_found');
    const free = await buildOrder(client.id);
    expect((await take(agent.id, free.id, { userId: other.id }).expect(403)).body.error).toBe('forbidden');
    expect(await db()('orders').where({ id: free.id }).first()).toMatchObject({ status: 'pending', support_id: null });
    expect(await auditRows('order', free.id)).toHaveLength(0);
  });
});

describe('GET /api/admin/vps/available', () => {
  it("lists free machines, only of the order's OS family when an order is named (spec §5)", async () => {
    const agent = await buildStaff(db(), 'support');
    const client = await buyer(db());
    const linux = await buildVps({ os: 'Ubuntu 22.04', os_family: 'linux', ip: '203.0.113.11', plan: 'VPS Linux' });
    const windows = await buildVps({ os: 'Windows Server 2022', os_family: 'windows', ip: '203.0.113.12' });
    const busyOrder = await buildOrder(client.id, { status: 'paid' });
    const busy = await buildVps({ state: 'assigned', order_id: busyOrder.id });
    const idsOf = (res: request.Response) => res.body.vpsList.map((v: { id: number }) => v.id);

    const all = await available(agent.id).expect(200);
    expect(idsOf(all)).toEqual(expect.arrayContaining([linux.id, windows.id]));
    expect(idsOf(all)).not.toContain(busy.id);
    expect(all.body.vpsList.find((v: { id: number }) => v.id === linux.id)).toEqual({
      id: linux.id,
      service_name: linux.service_name,
      ip: '203.0.113.11',
      os: 'Ubuntu 22.04',
      plan: 'VPS Linux',
      region: 'GRA',
      ram: 2,
      cores: 1,
      storage: 40,
      fit: 'match',
    });
    expect(all.body.orderedPlan).toBeNull();
    expect(JSON.stringify(all.body)).not.toContain('sealed-not-a-real-secret');

    const winOrder = await buildOrder(client.id, { status: 'in_progress', os: 'windows 2019' });
    const debOrder = await buildOrder(client.id, { status: 'in_progress' }, await productWithOs('Debian 12'));
    const bsdOrder = await buildOrder(client.id, { status: 'in_progress', os: 'FreeBSD 14' });
    const forWin = idsOf(await available(agent.id, { orderId: winOrder.id }).expect(200));
    expect(forWin).toContain(windows.id);
    expect(forWin).not.toContain(linux.id);
    const forDebian = idsOf(await available(agent.id, { orderId: debOrder.id }).expect(200));
    expect(forDebian).toContain(linux.id);
    expect(forDebian).not.toContain(windows.id);
    expect(idsOf(await available(agent.id, { orderId: bsdOrder.id }).expect(200))).toEqual(expect.arrayContaining([linux.id, windows.id]));

    expect((await available(agent.id, { orderId: 999_999 }).expect(404)).body.error).toBe('order_not_found');
    expect((await available(agent.id, { orderId: 'x' }).expect(400)).body.fields).toHaveProperty('orderId');
  });
});

describe('POST /api/admin/orders/:id/confirm', () => {
  it('assigns the VPS, settles the order, writes both audit rows and mails the customer without the password', async () => {
    const agent = await buildStaff(db(), 'support');
    const client = await buyer(db(), { full_name: 'Léa Livrée', language: 'fr' });
    const product = await productWithOs('Debian 12', { ovh_duration: '3' });
    const order = await buildOrder(client.id, {}, product);
    const vps = await buildVps({ os: 'Debian 12', os_family: 'linux' });
    await take(agent.id, order.id).expect(200);

    const res = await confirm(agent.id, order.id, { userId: agent.id, vpsId: vps.id }).expect(200);
    expect(res.body).toEqual({ success: true });

    const orderRow = await db()('orders').where({ id: order.id }).first();
    expect(orderRow).toMatchObject({ status: 'paid', support_id: agent.id });
    expect(orderRow.delivered_at).toBeInstanceOf(Date);
    const vpsRow = await db()('vps').where({ id: vps.id }).first();
    expect(vpsRow).toMatchObject({ state: 'assigned', order_id: order.id });
    expect(vpsRow.assigned_at).toBeInstanceOf(Date);
    const months = (vpsRow.expires_at.getTime() - vpsRow.started_at.getTime()) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(89); // three months from the product's ovh_duration
    expect(months).toBeLessThanOrEqual(92);

    expect((await auditRows('order', order.id)).map((a) => a.action)).toEqual(['order.taken', 'order.delivered']);
    const [assigned] = await auditRows('vps', vps.id);
    expect(assigned).toMatchObject({
      actor_id: agent.id,
      action: 'vps.assigned',
      before: { state: 'available', order_id: null },
      after: { state: 'assigned', order_id: order.id },
    });

    const mails = await db()('mail_outbox').where({ to_email: client.email, template: 'vps_delivered' });
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail.subject).toBe(`Votre serveur est prêt (commande n° ${order.id})`);
    expect(mail.text_body).toContain('Bonjour Léa Livrée,');
    expect(mail.text_body).toContain(vps.service_name);
    expect(mail.text_body).toContain('http://shop.test/fr/PanelCLient');
    expect(`${mail.text_body}${mail.html_body}`).not.toContain('sealed-not-a-real-secret');
    expect(`${mail.text_body}${mail.html_body}`).not.toMatch(/Mot de passe\s*:/);
    // A delivered order leaves the staff list.
    const list = await request(app()).get('/api/admin/orders').set('Authorization', staffBearer(agent.id)).expect(200);
    expect(list.body.orders.map((o: { id: number }) => o.id)).not.toContain(order.id);
  });

  it('an in_progress order with no agent becomes the confirming agent’s', async () => {
    const manager = await buildStaff(db(), 'manager');
    const order = await buildOrder((await buyer(db())).id, { status: 'in_progress', support_id: null });
    const vps = await buildVps();
    await confirm(manager.id, order.id, { vpsId: vps.id }).expect(200);
    expect(await db()('orders').where({ id: order.id }).first()).toMatchObject({ status: 'paid', support_id: manager.id });
  });

  it('refuses a VPS of the wrong OS family (os_mismatch) even when the panel is bypassed, changing nothing', async () => {
    const agent = await buildStaff(db(), 'support');
    const order = await buildOrder((await buyer(db())).id, { status: 'in_progress', support_id: agent.id, os: 'Windows Server 2022' });
    const linux = await buildVps({ os_family: 'linux' });
    expect((await confirm(agent.id, order.id, { vpsId: linux.id }).expect(409)).body.error).toBe('os_mismatch');
    expect((await db()('orders').where({ id: order.id }).first()).status).toBe('in_progress');
    expect(await db()('vps').where({ id: linux.id }).first()).toMatchObject({ state: 'available', order_id: null });
    expect(await auditRows('order', order.id)).toHaveLength(0);
    const windows = await buildVps({ os: 'Windows Server 2022', os_family: 'windows' });
    await confirm(agent.id, order.id, { vpsId: windows.id }).expect(200);
  });

  it('refuses a machine that is not free, another agent’s order, an order not in progress, unknown ids and bad bodies', async () => {
    const agent = await buildStaff(db(), 'support');
    const other = await buildStaff(db(), 'support');
    const client = await buyer(db());
    const vps = await buildVps();
    const check = async (orderId: number | string, body: object, status: number, error: string) =>
      expect((await confirm(agent.id, orderId, body).expect(status)).body.error).toBe(error);

    const mine = await buildOrder(client.id, { status: 'in_progress', support_id: agent.id });
    const provisioning = await buildVps({ state: 'provisioning' });
    await check(mine.id, { vpsId: provisioning.id }, 409, 'vps_not_available');
    await check(mine.id, { vpsId: 999_999 }, 404, 'vps_not_found');
    await check(mine.id, {}, 400, 'validation_error');
    await check(mine.id, { vpsId: vps.id, userId: other.id }, 403, 'forbidden');
    const theirs = await buildOrder(client.id, { status: 'in_progress', support_id: other.id });
    await check(theirs.id, { vpsId: vps.id }, 403, 'order_not_yours');
    for (const status of ['unpaid', 'pending', 'paid', 'cancelled']) {
      await check((await buildOrder(client.id, { status })).id, { vpsId: vps.id }, 409, 'order_not_confirmable');
    }
    await check(999_999, { vpsId: vps.id }, 404, 'order_not_found');
    expect(await db()('vps').where({ id: vps.id }).first()).toMatchObject({ state: 'available', order_id: null });
    expect(await countRows(db(), 'audit_log', { entity_type: 'vps', entity_id: String(vps.id) })).toBe(0);
  });

  it('two orders racing for one VPS: exactly one gets it, the machine is assigned once', async () => {
    const [first, second] = [await buildStaff(db(), 'support'), await buildStaff(db(), 'support')];
    const client = await buyer(db());
    const a = await buildOrder(client.id, { status: 'in_progress', support_id: first.id });
    const b = await buildOrder(client.id, { status: 'in_progress', support_id: second.id });
    const vps = await buildVps();
    const answers = await Promise.all([confirm(first.id, a.id, { vpsId: vps.id }), confirm(second.id, b.id, { vpsId: vps.id })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error).toBe('vps_not_available');
    const winner = answers[0]!.status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(await db()('vps').where({ id: vps.id }).first()).toMatchObject({ state: 'assigned', order_id: winner.id });
    expect((await db()('orders').where({ id: winner.id }).first()).status).toBe('paid');
    expect((await db()('orders').where({ id: loser.id }).first()).status).toBe('in_progress');
    expect(await countRows(db(), 'audit_log', { action: 'vps.assigned', entity_id: String(vps.id) })).toBe(1);
    expect(await countRows(db(), 'mail_outbox', { template: 'vps_delivered', to_email: client.email })).toBe(1);
  });
});

describe('the plan bought (issue 17)', () => {
  const STARTER = { ram: '2 Go', cores: 1, storage: '40 Go SSD', traffic: 'Illimité' };

  /** An in-progress order of `agentId` whose line sold the Starter plan (2 Go, 1 vCPU, 40 Go) on Debian. */
  async function starterOrder(agentId: number): Promise<{ id: number }> {
    const order = await buildOrder((await buyer(db())).id, { status: 'in_progress', support_id: agentId, os: 'Debian 12' });
    await db()('order_lines').insert({
      order_id: order.id,
      name: 'VPS Linux SSD Starter',
      price_cents: 1000,
      qty: 1,
      tax_rate: 21,
      config_products: JSON.stringify(STARTER),
    });
    return order;
  }
  const essential = () => buildVps({ plan: 'VPS Essential', ram_gb: 4, cores: 2, storage_gb: 80 });
  const starter = () => buildVps({ plan: 'VPS Value', ram_gb: 2, cores: 1, storage_gb: 40 });

  /** The order and the machine as they were: nothing delivered, nothing audited. */
  async function expectUnchanged(orderId: number, vpsId: number) {
    expect((await db()('orders').where({ id: orderId }).first()).status).toBe('in_progress');
    expect(await db()('vps').where({ id: vpsId }).first()).toMatchObject({ state: 'available', order_id: null, power_status: 'stopped' });
    expect(await auditRows('order', orderId)).toHaveLength(0);
    expect(await auditRows('vps', vpsId)).toHaveLength(0);
    const customer = await db()('orders').join('users', 'users.id', 'orders.user_id').where('orders.id', orderId).first('users.email');
    expect(await db()('mail_outbox').where({ template: 'vps_delivered', to_email: customer.email })).toHaveLength(0);
  }

  it('the picker names the plan bought and offers the matching machines first', async () => {
    const agent = await buildStaff(db(), 'support');
    const order = await starterOrder(agent.id);
    const tooSmall = await buildVps({ plan: 'VPS Tiny', ram_gb: 1, cores: 1, storage_gb: 20 });
    const bigger = await essential();
    const match = await starter();

    const res = await available(agent.id, { orderId: order.id }).expect(200);
    expect(res.body.orderedPlan).toEqual({ product: 'VPS Linux SSD Starter', ram: 2, cores: 1, storage: 40 });
    const mine = res.body.vpsList.filter((v: { id: number }) => [tooSmall.id, bigger.id, match.id].includes(v.id));
    expect(mine.map((v: { id: number; fit: string }) => [v.id, v.fit])).toEqual([
      [match.id, 'match'],
      [bigger.id, 'larger'],
      [tooSmall.id, 'smaller'],
    ]);
    expect(res.body.vpsList[0].fit).toBe('match');
  });

  it('refuses a machine smaller than the plan bought with 409 vps_smaller_than_order, changing nothing', async () => {
    const agent = await buildStaff(db(), 'support');
    const order = await starterOrder(agent.id);
    const small = await buildVps({ ram_gb: 2, cores: 1, storage_gb: 20 });
    for (const body of [{ vpsId: small.id }, { vpsId: small.id, upgrade: true }]) {
      expect((await confirm(agent.id, order.id, body).expect(409)).body.error).toBe('vps_smaller_than_order');
    }
    await expectUnchanged(order.id, small.id);
  });

  it('a larger machine is refused without upgrade, delivered and audited with it', async () => {
    const agent = await buildStaff(db(), 'support');
    const order = await starterOrder(agent.id);
    const bigger = await essential();
    expect((await confirm(agent.id, order.id, { vpsId: bigger.id }).expect(409)).body.error).toBe('vps_upgrade_not_chosen');
    expect((await confirm(agent.id, order.id, { vpsId: bigger.id, upgrade: false }).expect(409)).body.error).toBe('vps_upgrade_not_chosen');
    await expectUnchanged(order.id, bigger.id);

    await confirm(agent.id, order.id, { vpsId: bigger.id, upgrade: true }).expect(200);
    expect((await db()('orders').where({ id: order.id }).first()).status).toBe('paid');
    expect((await auditRows('order', order.id)).map((a) => a.action)).toEqual(['vps.upgraded', 'order.delivered']);
    const [upgraded] = (await auditRows('order', order.id)).filter((a) => a.action === 'vps.upgraded');
    expect(upgraded).toMatchObject({
      actor_id: agent.id,
      before: { plan: 'VPS Linux SSD Starter', ram: 2, cores: 1, storage: 40 },
      after: { vps_id: bigger.id, plan: 'VPS Essential', ram: 4, cores: 2, storage: 80 },
    });
    const [assigned] = await auditRows('vps', bigger.id);
    expect(assigned!.after).toMatchObject({
      upgrade: { ordered: { ram: 2, cores: 1, storage: 40 }, delivered: { ram: 4, cores: 2, storage: 80 } },
    });
  });

  it('a matching machine is delivered running, without any upgrade in the log', async () => {
    const agent = await buildStaff(db(), 'support');
    const order = await starterOrder(agent.id);
    const match = await starter();
    const fleet = createTestApp(db(), { cloud: createSimulatedFleet(db(), { transitionMs: 0 }) });
    await request(fleet)
      .post(`/api/admin/orders/${order.id}/confirm`)
      .set('Authorization', staffBearer(agent.id))
      .send({ vpsId: match.id })
      .expect(200);
    expect(await db()('vps').where({ id: match.id }).first()).toMatchObject({
      state: 'assigned',
      order_id: order.id,
      power_status: 'running',
    });
    expect((await auditRows('order', order.id)).map((a) => a.action)).toEqual(['order.delivered']);
  });

  it('with the default fleet the delivered machine is already starting when confirm answers', async () => {
    const agent = await buildStaff(db(), 'support');
    const order = await starterOrder(agent.id);
    const match = await starter();
    await confirm(agent.id, order.id, { vpsId: match.id }).expect(200);
    expect(await db()('vps').where({ id: match.id }).first()).toMatchObject({ power_status: 'starting', power_target: 'running' });
  });
});

describe('end of service', () => {
  it("puts the agent's orders back to pending with no agent, the agent offline, with audit rows", async () => {
    const agent = await buildStaff(db(), 'support');
    const client = await buyer(db());
    const [one, two] = [await buildOrder(client.id), await buildOrder(client.id)];
    await take(agent.id, one.id).expect(200);
    await take(agent.id, two.id).expect(200);

    await request(app()).post(`/api/admin/support/${agent.id}/end-service`).set('Authorization', staffBearer(agent.id)).expect(200);

    for (const order of [one, two]) {
      expect(await db()('orders').where({ id: order.id }).first()).toMatchObject({ status: 'pending', support_id: null, taken_at: null });
      expect((await auditRows('order', order.id)).map((a) => a.action)).toEqual(['order.taken', 'order.released']);
    }
    expect((await db()('users').where({ id: agent.id }).first()).is_online).toBe(false);
    const [ended] = await auditRows('user', agent.id);
    expect(ended).toMatchObject({ action: 'support.service_ended', after: { released: expect.arrayContaining([one.id, two.id]) } });
    // Off duty: the orders area is closed to them until they take duty again.
    expect((await request(app()).get('/api/admin/orders').set('Authorization', staffBearer(agent.id)).expect(403)).body.error).toBe(
      'off_duty',
    );
    expect((await take(agent.id, one.id).expect(403)).body.error).toBe('off_duty');
  });
});

describe('Billing: mark-paid and cancel (admin only)', () => {
  it('marks an unpaid bank-transfer order paid: pending, invoice number, payment row, audit, follow-up job', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const product = await buildSellableProduct(db());
    const placed = await request(app())
      .post('/api/checkout/bank-transfer')
      .set('Authorization', bearer(client.id))
      .send({ ...cartBody(product), accountIBAN: 'be68 5390 0754 7034', accountName: 'Camille Dubois' })
      .expect(201);
    const orderId = placed.body.orderId as number;

    await request(app()).post(`/api/admin/orders/${orderId}/mark-paid`).set('Authorization', staffBearer(admin.id)).send({}).expect(200);

    const order = await db()('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({ status: 'pending', payment_method: 'bank_transfer' });
    expect(order.invoice_number).toMatch(/^\d{4}-\d{6}$/);
    expect(order.paid_at).toBeInstanceOf(Date);
    expect(await db()('payments').where({ order_id: orderId }).first()).toMatchObject({
      provider: 'bank_transfer',
      status: 'succeeded',
      amount_cents: order.total_cents,
    });
    const paid = (await auditRows('order', orderId)).find((a) => a.action === 'order.paid');
    expect(paid).toMatchObject({
      actor_id: admin.id,
      before: { status: 'unpaid' },
      after: { status: 'pending', invoiceNumber: order.invoice_number, provider: 'bank_transfer' },
    });
    const jobs = await db().raw('SELECT count(*)::int AS n FROM pgboss.job WHERE name = ? AND data @> ?::jsonb', [
      ORDER_PAID_QUEUE.name,
      JSON.stringify({ orderId }),
    ]);
    expect(jobs.rows[0].n).toBe(1);

    // Twice is refused: the order is no longer unpaid, and the invoice number stays.
    expect(
      (await request(app()).post(`/api/admin/orders/${orderId}/mark-paid`).set('Authorization', staffBearer(admin.id)).expect(409)).body
        .error,
    ).toBe('order_not_unpaid');
    expect((await db()('orders').where({ id: orderId }).first()).invoice_number).toBe(order.invoice_number);
    expect(await countRows(db(), 'payments', { order_id: orderId })).toBe(1);
  });

  it('cancels an open order and gives back the stock its checkout took; refuses a settled one', async () => {
    const admin = await buildStaff(db(), 'admin');
    const client = await buyer(db());
    const product = await buildSellableProduct(db(), { stock: 4 });
    const { orderId } = await startCardCheckout(app(), client.id, cartBody(product, 2));
    expect((await db()('products').where({ id: product.id }).first()).stock).toBe(2);

    await request(app())
      .post(`/api/admin/orders/${orderId}/cancel`)
      .set('Authorization', staffBearer(admin.id))
      .send({ userId: admin.id })
      .expect(200);

    const order = await db()('orders').where({ id: orderId }).first();
    expect(order.status).toBe('cancelled');
    expect(order.cancelled_at).toBeInstanceOf(Date);
    expect((await db()('products').where({ id: product.id }).first()).stock).toBe(4);
    const cancelled = (await auditRows('order', orderId)).find((a) => a.action === 'order.cancelled');
    expect(cancelled).toMatchObject({
      actor_id: admin.id,
      before: { status: 'unpaid' },
      after: { status: 'cancelled', restocked: [{ product_id: product.id, qty: 2 }] },
    });

    const again = await request(app()).post(`/api/admin/orders/${orderId}/cancel`).set('Authorization', staffBearer(admin.id)).expect(409);
    expect(again.body.error).toBe('order_not_cancellable');
    expect((await db()('products').where({ id: product.id }).first()).stock).toBe(4);
    const delivered = await buildOrder(client.id, { status: 'paid' });
    await request(app()).post(`/api/admin/orders/${delivered.id}/cancel`).set('Authorization', staffBearer(admin.id)).expect(409);
    for (const status of ['pending', 'in_progress']) {
      const open = await buildOrder(client.id, { status });
      await request(app()).post(`/api/admin/orders/${open.id}/cancel`).set('Authorization', staffBearer(admin.id)).expect(200);
      expect((await db()('orders').where({ id: open.id }).first()).status).toBe('cancelled');
    }
    await request(app()).post('/api/admin/orders/999999/cancel').set('Authorization', staffBearer(admin.id)).expect(404);
  });

  it('is closed to managers and support agents', async () => {
    const order = await buildOrder((await buyer(db())).id, { status: 'unpaid' });
    for (const role of ['manager', 'support'] as const) {
      const staff = await buildStaff(db(), role);
      for (const action of ['mark-paid', 'cancel']) {
        const res = await request(app())
          .post(`/api/admin/orders/${order.id}/${action}`)
          .set('Authorization', staffBearer(staff.id))
          .expect(403);
        expect(res.body.error).toBe('forbidden_role');
      }
    }
    expect((await db()('orders').where({ id: order.id }).first()).status).toBe('unpaid');
  });
});
