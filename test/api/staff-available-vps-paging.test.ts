import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byFit, vpsFit } from '../../shared/staff/vps-fit';
import { createTestApp } from '../support/app';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { buildStaff, staffBearer } from '../support/staff';

// The VPS selection panel ('Attribuer') reads the free machines 50 at a time (issue "Lists that
// scale"): each page starts after the last machine of the one before, in the order the panel shows
// (matching the plan bought first, then upgrades from the smallest, then those too small).

let database: TestDatabase;
let agentId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  agentId = (await buildStaff(database.db, 'support')).id;
});
afterAll(async () => {
  await database.destroy();
});
const db = () => database.db;

interface Machine {
  id: number;
  ram: number;
  cores: number;
  storage: number;
  fit: 'match' | 'larger' | 'smaller';
}
interface Page {
  vpsList: Machine[];
  next: number | null;
  hasMore: boolean;
}

const available = async (query: Record<string, string | number>): Promise<Page> =>
  (await request(createTestApp(db())).get('/api/admin/vps/available').query(query).set('Authorization', staffBearer(agentId)).expect(200))
    .body as Page;

/** Every machine the list gives, page after page of `limit`, following `next` to the end. */
async function walk(query: Record<string, string | number>, limit: number): Promise<Machine[]> {
  const seen: Machine[] = [];
  let after: number | undefined;
  for (let guard = 0; guard < 1_000; guard += 1) {
    const page = await available({ ...query, limit, ...(after && { after }) });
    expect(page.vpsList.length).toBeLessThanOrEqual(limit);
    expect(page.hasMore).toBe(page.next !== null);
    seen.push(...page.vpsList);
    if (page.next === null) return seen;
    expect(page.next).toBe(page.vpsList.at(-1)!.id);
    after = page.next;
  }
  throw new Error('the list never ended');
}

/**
 * `count` free machines of `family`, of three sizes in turn (the Starter plan, a larger and a smaller
 * one), so that every fit appears and many machines tie on their size.
 */
async function insertMachines(count: number, family: 'linux' | 'windows'): Promise<void> {
  await db().raw(
    `INSERT INTO vps (service_name, ip, os, os_family, plan, region, ram_gb, cores, storage_gb, traffic, login)
     SELECT 'vps-' || ? || '-' || n || '.vps.ovh.net', '203.0.113.10', ?, ?, 'VPS', 'GRA',
            (ARRAY[2, 4, 1, 8])[n % 4 + 1], (ARRAY[1, 2, 1, 4])[n % 4 + 1], (ARRAY[40, 80, 20, 160])[n % 4 + 1], 'Illimité', 'root'
       FROM generate_series(1, ?) AS n`,
    [family, family === 'linux' ? 'Debian 12' : 'Windows Server 2022', family, count],
  );
}

/** An order on Debian whose line sold the Starter plan (2 Go, 1 vCPU, 40 Go); its id. */
async function starterOrder(): Promise<number> {
  const [order] = await db()('orders')
    .insert({
      user_id: (await buyer(db())).id,
      status: 'in_progress',
      subtotal_cents: 1000,
      tax_rate: 21,
      tax_cents: 210,
      total_cents: 1210,
      os: 'Debian 12',
    })
    .returning('id');
  await db()('order_lines').insert({
    order_id: order.id,
    name: 'VPS Linux SSD Starter',
    price_cents: 1000,
    qty: 1,
    tax_rate: 21,
    config_products: JSON.stringify({ ram: '2 Go', cores: 1, storage: '40 Go SSD' }),
  });
  return order.id;
}

/** An order whose OS and plan say nothing: every free machine, all a match. */
async function planlessOrder(): Promise<number> {
  const [order] = await db()('orders')
    .insert({
      user_id: (await buyer(db())).id,
      status: 'in_progress',
      subtotal_cents: 1000,
      tax_rate: 21,
      tax_cents: 210,
      total_cents: 1210,
    })
    .returning('id');
  return order.id;
}

const idsOf = (machines: readonly { id: number }[]) => machines.map((m) => m.id);

describe('GET /api/admin/vps/available, a page at a time', () => {
  beforeAll(async () => {
    await insertMachines(70, 'linux');
    await insertMachines(9, 'windows');
    // An assigned machine is never offered, on any page.
    const [paid] = await db()('orders')
      .insert({ user_id: (await buyer(db())).id, status: 'paid', subtotal_cents: 1, tax_rate: 21, tax_cents: 0, total_cents: 1 })
      .returning('id');
    await db()('vps')
      .where({ id: (await db()('vps').where({ os_family: 'linux' }).first('id')).id })
      .update({ state: 'assigned', order_id: paid.id });
  });

  it('50 by default; the next page starts after the last machine shown, without overlap', async () => {
    const orderId = await starterOrder();
    const first = await available({ orderId });
    expect(first.vpsList).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.next).toBe(first.vpsList.at(-1)!.id);
    const second = await available({ orderId, after: first.next! });
    expect(second.vpsList).toHaveLength(69 - 50); // 70 Linux machines, one of them assigned
    expect(second).toMatchObject({ next: null, hasMore: false });
    expect(idsOf(second.vpsList).filter((id) => idsOf(first.vpsList).includes(id))).toEqual([]);
  });

  it('beside the plan bought, pages walk the machines in the panel’s order: matches, upgrades, too small', async () => {
    const orderId = await starterOrder();
    const walked = await walk({ orderId }, 7);
    const free = (await db()('vps')
      .where({ state: 'available', os_family: 'linux' })
      .orderBy('id')
      .select('id', 'ram_gb as ram', 'cores', 'storage_gb as storage')) as Omit<Machine, 'fit'>[];
    const plan = { ram: 2, cores: 1, storage: 40 };
    const expected = byFit(free.map((m) => ({ ...m, fit: vpsFit(plan, m) })));
    expect(idsOf(walked)).toEqual(idsOf(expected));
    expect(walked.map((m) => m.fit)).toEqual(expected.map((m) => m.fit));
    expect(new Set(walked.map((m) => m.fit))).toEqual(new Set(['match', 'larger', 'smaller']));
  });

  it('an order with no plan known: every family, by size; no order: by id', async () => {
    const free = (await db()('vps')
      .where({ state: 'available' })
      .orderBy('id')
      .select('id', 'ram_gb as ram', 'cores', 'storage_gb as storage')) as Omit<Machine, 'fit'>[];
    const planless = await walk({ orderId: await planlessOrder() }, 11);
    expect(idsOf(planless)).toEqual(idsOf(byFit(free.map((m) => ({ ...m, fit: 'match' as const })))));
    expect(idsOf(await walk({}, 11))).toEqual(idsOf(free));
  });

  it('400 with the field for a cursor that is no id or a page over 50', async () => {
    for (const [query, field] of [
      [{ after: 'x' }, 'after'],
      [{ after: 0 }, 'after'],
      [{ limit: 51 }, 'limit'],
      [{ limit: 0 }, 'limit'],
    ] as const) {
      const res = await request(createTestApp(db()))
        .get('/api/admin/vps/available')
        .query(query)
        .set('Authorization', staffBearer(agentId))
        .expect(400);
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
  });
});
