import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createVpsOrdering } from '../../server/providers/cloud/index';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { createSandboxGamePanel } from '../../server/providers/game-panel/sandbox';
import { bearer } from '../support/accounts';
import { createTestApp, createTestMailer, TEST_ENCRYPTION_KEY } from '../support/app';
import { buildAvailableVps } from '../support/builders';
import { buildSellableProduct, buyer, cartBody } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { deliveryHarness, type DeliveryHarness } from '../support/delivery';
import { paidCardOrder } from '../support/paid-orders';

// Issue 31: a VPS delivers itself from the inventory (the smallest free machine of the plan and the
// chosen system's family, reinstalled with the chosen system, started), or, with none free, is
// ordered at OVH (its sandbox here), added to the inventory and delivered the same way.

const OS_CHOICES = [
  { id: 'debian-12', name: 'Debian 12', family: 'linux' },
  { id: 'ubuntu-24-04', name: 'Ubuntu 24.04', family: 'linux' },
  { id: 'windows-server-2022', name: 'Windows Server 2022', family: 'windows' },
];

let database: TestDatabase;
let clock: MovableClock;
let app: Express;
let delivery: DeliveryHarness;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createMovableClock(new Date('2026-12-01T10:00:00Z'));
  const mailer = createTestMailer(db());
  // OVH ordering on, as the harness's ordering below: a product that may be bought at OVH sells without a free machine.
  app = createTestApp(db(), { clock, mailer, config: { ovhAutoOrder: true } });
  const now = () => clock.now();
  delivery = deliveryHarness(db(), {
    clock,
    mailer,
    panel: createSandboxGamePanel(db(), { now }),
    cloud: createSimulatedFleet(db(), { now, transitionMs: 2_000, installMs: 8_000 }),
    ordering: createVpsOrdering({}, { db: db(), encryptionKey: TEST_ENCRYPTION_KEY, now, sandboxDeliveryMs: 6_000 }),
  });
});

afterAll(async () => {
  await database.destroy();
});

/** Runs the queued steps, moving the clock by a few seconds between rounds, until none is queued. */
async function deliverAll(rounds = 12) {
  for (let i = 0; i < rounds; i += 1) {
    const { ran } = await delivery.runQueued();
    if (ran === 0) return;
    clock.advance({ minutes: 0.25 });
  }
}

async function vpsProduct(plan: string, ovh?: Record<string, unknown>) {
  return buildSellableProduct(db(), {
    name: `VPS ${plan}`,
    service_kind: 'vps',
    delivery: 'inventory',
    delivery_config: JSON.stringify({ inventory: { plan, orderAtOvh: Boolean(ovh) }, ...(ovh ? { ovh } : {}) }),
    os_choices: JSON.stringify(OS_CHOICES),
    config_products: JSON.stringify({ ram: '8 Go', cores: 4, storage: '160 Go' }),
  });
}

describe('a VPS paid is delivered by itself', () => {
  it('takes the smallest free machine of the plan and family, installs the chosen system, starts it', async () => {
    const plan = 'VPS Inventory Test';
    const tooSmall = await buildAvailableVps(db(), { plan, ram_gb: 4, cores: 2, storage_gb: 80 });
    const windows = await buildAvailableVps(db(), {
      plan,
      ram_gb: 8,
      cores: 4,
      storage_gb: 160,
      os: 'Windows Server 2022',
      os_family: 'windows',
    });
    const larger = await buildAvailableVps(db(), { plan, ram_gb: 16, cores: 8, storage_gb: 320 });
    const match = await buildAvailableVps(db(), { plan, ram_gb: 8, cores: 4, storage_gb: 160, os: 'Debian 12', power_status: 'stopped' });
    const customer = await buyer(db());
    const product = await vpsProduct(plan);
    const body = cartBody(product);
    body.items = [{ productId: product.id, qty: 1, os: 'ubuntu-24-04' }] as never;
    const order = await paidCardOrder(app, db(), customer.id, body);

    await deliverAll();

    const machine = await db()('vps').where({ id: match.id }).first();
    expect(machine).toMatchObject({ state: 'assigned', order_id: order.id, os: 'Ubuntu 24.04', power_status: 'running' });
    for (const other of [tooSmall, windows, larger]) expect((await db()('vps').where({ id: other.id }).first()).state).toBe('available');
    const services = await request(app).get('/api/services').set('Authorization', bearer(customer.id)).expect(200);
    expect(services.body.services[0]).toMatchObject({
      kind: 'vps',
      status: 'active',
      os: { id: 'ubuntu-24-04', name: 'Ubuntu 24.04' },
      connection: { ip: machine.ip },
      vpsId: match.id,
    });
    const vpsList = await request(app).get('/api/vps').set('Authorization', bearer(customer.id)).expect(200);
    expect(vpsList.body.vpsList[0]).toMatchObject({ vpsId: match.id, vps_info: { os: 'Ubuntu 24.04' } });
    expect((await db()('orders').where({ id: order.id }).first()).status).toBe('paid');
  });

  it('with no free machine, orders one at OVH, adds it to the inventory and delivers it', async () => {
    const customer = await buyer(db());
    const product = await vpsProduct('VPS Comfort', { planCode: 'vps-comfort-4-8-160', datacenter: 'GRA', maxPriceCents: 5000 });
    expect(await db()('vps').where({ plan: 'VPS Comfort', state: 'available' })).toEqual([]); // nothing free to take
    const body = cartBody(product);
    body.items = [{ productId: product.id, qty: 1, os: 'debian-12' }] as never;
    const order = await paidCardOrder(app, db(), customer.id, body);

    await deliverAll(20);

    const service = await db()('services').where({ order_id: order.id }).first();
    expect(service.status).toBe('active');
    expect(service.ovh_order_id).not.toBeNull();
    const machine = await db()('vps').where({ id: service.vps_id }).first();
    expect(machine).toMatchObject({ state: 'assigned', plan: 'VPS Comfort', power_status: 'running' });
    const attempts = await db()('service_delivery_attempts').where({ service_id: service.id, step: 'ovh_order', outcome: 'ok' });
    expect(attempts).toHaveLength(1); // ordered once, however many steps followed the order
  });

  it('never buys above the product’s cost limit: the delivery goes to staff with the price', async () => {
    const customer = await buyer(db());
    const product = await vpsProduct('No Such Plan', { planCode: 'vps-comfort-4-8-160', datacenter: 'GRA', maxPriceCents: 1000 });
    const body = cartBody(product);
    body.items = [{ productId: product.id, qty: 1, os: 'debian-12' }] as never;
    const order = await paidCardOrder(app, db(), customer.id, body);
    await deliverAll();
    const service = await db()('services').where({ order_id: order.id }).first();
    expect(service).toMatchObject({ status: 'needs_staff', ovh_order_id: null });
    expect(service.last_error).toMatch(/above the limit/);
  });
});
