import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogApi } from '../../shared/contract/catalog';
import { claimFreeMachine } from '../../server/modules/services/delivery/delivery.repo';
import { bearer } from '../support/accounts';
import { createTestApp } from '../support/app';
import { buildAvailableVps } from '../support/builders';
import { buildSellableProduct, buyer, cartBody, countRows, startCardCheckout, type TestProduct } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { notifyCardPaid } from '../support/paid-orders';

// GET /api/products says how each product is delivered and what its buyer chooses, never the
// panel's settings; a VPS delivered from the inventory shows (and sells) what its free machines
// can still deliver (issue 31).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const db = () => database.db;
const app = (config: { ovhAutoOrder?: boolean } = {}) => createTestApp(db(), { config });

const LINUX = [
  { id: 'debian-12', name: 'Debian 12', family: 'linux' },
  { id: 'ubuntu-24-04', name: 'Ubuntu 24.04', family: 'linux' },
];
const WINDOWS = [{ id: 'windows-server-2022', name: 'Windows Server 2022', family: 'windows' }];

/** A plan name of this test's own: the machines of other tests never match its product. */
const freshPlan = () => `Plan ${randomBytes(3).toString('hex')}`;

/** A VPS product of 4 Go / 2 cores / 80 Go delivered from the inventory plan `plan`, with 50 in products.stock. */
function inventoryProduct(plan: string, extra: Record<string, unknown> = {}) {
  return buildSellableProduct(db(), {
    name: 'VPS Inventaire',
    stock: 50,
    service_kind: 'vps',
    delivery: 'inventory',
    delivery_config: JSON.stringify({ inventory: { plan, orderAtOvh: false } }),
    os_choices: JSON.stringify([...LINUX, ...WINDOWS]),
    config_products: JSON.stringify({ ram: '4 Go', cores: 2, storage: '80 Go SSD' }),
    ...extra,
  });
}

const machine = (plan: string, fields: Record<string, unknown> = {}) =>
  buildAvailableVps(db(), { plan, ram_gb: 4, cores: 2, storage_gb: 80, ...fields });

async function shown(id: number, application = app()) {
  const res = await request(application).get('/api/products').expect(200);
  expect(catalogApi.products.response.safeParse(res.body).error).toBeUndefined();
  return (res.body as Record<string, unknown>[]).find((p) => p.id === id)!;
}

const stockShown = async (id: number, application = app()) => (await shown(id, application)).stock;
const stockColumn = async (id: number) => Number((await db()('products').where({ id }).first()).stock);

/** An unpaid card order of one unit with the system `os`, by a buyer of its own. */
async function order(product: TestProduct, os: string, application = app()) {
  const user = await buyer(db());
  const started = await startCardCheckout(application, user.id, cartBody(product, 1, { items: [{ productId: product.id, qty: 1, os }] }));
  return { ...started, user };
}

describe('GET /api/products: delivery and choices', () => {
  it('says automatic or manual, the kind, the systems and the variants by id and name, never the panel settings', async () => {
    const manual = await buildSellableProduct(db(), { name: 'VPS livré à la main' });
    const game = await buildSellableProduct(db(), {
      name: 'Minecraft 4 Go',
      service_kind: 'game',
      delivery: 'pterodactyl',
      delivery_config: JSON.stringify({ egg: 1, dockerImage: 'ghcr.io/pterodactyl/yolks:java_21', environment: { RCON_PASS: 'hunter2' } }),
      variants: JSON.stringify([
        { id: 'paper', name: 'Paper', egg: 1, environment: { BUILD_NUMBER: 'latest' } },
        { id: 'forge', name: 'Forge', egg: 2, dockerImage: 'ghcr.io/pterodactyl/yolks:java_17', environment: {} },
      ]),
    });
    const vps = await inventoryProduct(freshPlan());

    expect(await shown(manual.id)).toMatchObject({ delivery: 'manual', service_kind: 'vps', os_choices: [], variants: [] });
    const gameShown = await shown(game.id);
    expect(gameShown).toMatchObject({
      delivery: 'automatic',
      service_kind: 'game',
      os_choices: [],
      variants: [
        { id: 'paper', name: 'Paper' },
        { id: 'forge', name: 'Forge' },
      ],
    });
    expect(Object.keys((gameShown.variants as object[])[1]!).sort()).toEqual(['id', 'name']);
    expect(JSON.stringify(gameShown)).not.toMatch(/egg|dockerImage|yolks|hunter2|RCON/);
    expect(await shown(vps.id)).toMatchObject({
      delivery: 'automatic',
      service_kind: 'vps',
      os_choices: [...LINUX, ...WINDOWS],
      variants: [],
    });
  });
});

describe('the stock of a VPS delivered from the inventory', () => {
  it('is the free machines of its plan, system families and size, not products.stock', async () => {
    const plan = freshPlan();
    const product = await inventoryProduct(plan);
    await machine(plan); // fits
    await machine(plan, { ram_gb: 8, cores: 4, storage_gb: 160 }); // larger: fits
    await machine(plan, { os: 'Windows Server 2022', os_family: 'windows', login: 'Administrator' }); // the Windows system's
    await machine(plan, { ram_gb: 2 }); // less memory than the product
    await machine(plan, { state: 'deleted' });
    await machine('Another plan'); // not its plan
    expect(await stockShown(product.id)).toBe(3);

    await machine(plan);
    expect(await stockShown(product.id)).toBe(4);
  });

  it('follows the orders: an unpaid or paid order holds a unit until its machine is claimed, a cancelled one holds none', async () => {
    const plan = freshPlan();
    const product = await inventoryProduct(plan);
    for (let i = 0; i < 3; i += 1) await machine(plan);
    const shop = app();

    const kept = await order(product, 'debian-12', shop);
    expect(await stockShown(product.id, shop)).toBe(2);
    const dropped = await order(product, 'ubuntu-24-04', shop);
    expect(await stockShown(product.id, shop)).toBe(1);
    expect(await stockColumn(product.id)).toBe(50); // counted by machines, products.stock is left alone

    await request(shop).post(`/api/orders/${dropped.orderId}/cancel`).set('Authorization', bearer(dropped.user.id)).expect(200);
    expect(await stockShown(product.id, shop)).toBe(2);
    expect(await stockColumn(product.id)).toBe(50); // nothing was taken, nothing given back

    // Paid, not delivered yet: still held; once its service claims a machine, that machine is simply no longer free.
    await notifyCardPaid(shop, kept.checkoutId);
    expect((await db()('orders').where({ id: kept.orderId }).first()).status).toBe('pending');
    expect(await stockShown(product.id, shop)).toBe(2);
    const service = await db()('services').where({ order_id: kept.orderId }).first();
    const claimed = await db().transaction((trx) =>
      claimFreeMachine(trx, {
        serviceId: service.id,
        orderId: kept.orderId,
        need: { family: 'linux', plan, ram: 4, cores: 2, storage: 80 },
        at: new Date(),
      }),
    );
    expect(claimed).toBeDefined();
    expect(await stockShown(product.id, shop)).toBe(2);
  });

  it('is products.stock when OVH may order more (OVH_AUTO_ORDER on and the product allows it)', async () => {
    const plan = freshPlan();
    const product = await inventoryProduct(plan, {
      delivery_config: JSON.stringify({
        inventory: { plan, orderAtOvh: true },
        ovh: { planCode: 'vps-le-4-4-80', datacenter: 'GRA', maxPriceCents: 1500 },
      }),
    });
    await machine(plan);
    expect(await stockShown(product.id, app({ ovhAutoOrder: false }))).toBe(1);
    expect(await stockShown(product.id, app({ ovhAutoOrder: true }))).toBe(50);
  });
});

describe('checkout of a VPS delivered from the inventory', () => {
  it('409 out_of_stock without a free machine of the chosen system’s family: no order, no stock change', async () => {
    const plan = freshPlan();
    const product = await inventoryProduct(plan);
    await machine(plan, { os: 'Windows Server 2022', os_family: 'windows', login: 'Administrator' });
    const user = await buyer(db());
    const orders = await countRows(db(), 'orders');

    const res = await request(app())
      .post('/api/checkout/stripe')
      .set('Authorization', bearer(user.id))
      .send(cartBody(product, 1, { items: [{ productId: product.id, qty: 1, os: 'debian-12' }] }))
      .expect(409);
    expect(res.body).toMatchObject({ error: 'out_of_stock', productId: product.id });
    expect(await countRows(db(), 'orders')).toBe(orders);
    expect(await stockColumn(product.id)).toBe(50);

    // The Windows machine is there for the Windows system.
    await order(product, 'windows-server-2022');
  });

  it('sells the last free machine once when two buyers ask at the same time', async () => {
    const plan = freshPlan();
    const product = await inventoryProduct(plan);
    await machine(plan);
    const shop = app();
    const [first, second] = await Promise.all([buyer(db()), buyer(db())]);
    const body = cartBody(product, 1, { items: [{ productId: product.id, qty: 1, os: 'debian-12' }] });
    const answers = await Promise.all(
      [first!, second!].map((user) => request(shop).post('/api/checkout/stripe').set('Authorization', bearer(user.id)).send(body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await stockShown(product.id, shop)).toBe(0);
  });
});
