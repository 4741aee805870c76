import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { createPterodactylAdapter } from '../../server/providers/game-panel/pterodactyl';
import { createTestApp, createTestMailer } from '../support/app';
import { buildSellableProduct, buyer, cartBody } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { deliveryHarness, type DeliveryHarness, paperDeliverySettings } from '../support/delivery';
import { paidCardOrder } from '../support/paid-orders';
import { startPterodactylFake, type PterodactylFake } from '../fakes/pterodactyl';

// Issue 31, against the panel's own wire format: the real Pterodactyl client on the fake panel. A
// worker that dies after its create leaves exactly one server; a panel down is retried; a 422 goes
// to staff with the panel's words.

const PAPER = paperDeliverySettings();

let database: TestDatabase;
let clock: MovableClock;
let app: Express;
let fake: PterodactylFake;
let delivery: DeliveryHarness;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createMovableClock(new Date('2026-12-01T10:00:00Z'));
  fake = await startPterodactylFake({ clock: { now: () => clock.now() }, installMs: 5_000 });
  const mailer = createTestMailer(db());
  app = createTestApp(db(), { clock, mailer });
  delivery = deliveryHarness(db(), {
    clock,
    mailer,
    panel: createPterodactylAdapter({ url: fake.url, applicationKey: fake.applicationKey, timeoutMs: 2_000 }),
    cloud: createSimulatedFleet(db(), { now: () => clock.now() }),
  });
});

afterAll(async () => {
  await fake.close();
  await database.destroy();
});

async function buyGameServer(settings: Record<string, unknown> = PAPER) {
  const customer = await buyer(db());
  const product = await buildSellableProduct(db(), {
    service_kind: 'game',
    delivery: 'pterodactyl',
    delivery_config: JSON.stringify(settings),
  });
  const order = await paidCardOrder(app, db(), customer.id, cartBody(product));
  return (await db()('services').where({ order_id: order.id }).first()) as { id: number };
}

const serversFor = (serviceId: number) => [...fake.servers.values()].filter((s) => s.externalId === String(serviceId));

describe('delivery on a Pterodactyl panel', () => {
  it('a worker killed mid-create leaves exactly one server, found again by its external id', async () => {
    const service = await buyGameServer();
    fake.crashAfterNextCreate();
    const first = await delivery.runQueued();
    expect(first.errors).toHaveLength(1); // the answer never came: pg-boss retries the step
    expect(serversFor(service.id)).toHaveLength(1);
    // The retry (the job pg-boss runs again) finds it, then the install finishes.
    await delivery.runner.step({ serviceId: service.id });
    clock.advance({ minutes: 1 });
    await delivery.runQueued();
    const row = await db()('services').where({ id: service.id }).first();
    expect(row.status).toBe('active');
    expect(serversFor(service.id)).toHaveLength(1);
    expect(row.panel_server_id).toBe(serversFor(service.id)[0]!.id);
  });

  it('a panel down is retried and delivers once it is back', async () => {
    const service = await buyGameServer();
    fake.down(true, 'maintenance');
    expect((await delivery.runQueued()).errors).toHaveLength(1);
    expect((await db()('services').where({ id: service.id }).first()).status).toBe('provisioning');
    fake.down(false);
    await delivery.runner.step({ serviceId: service.id }); // pg-boss's retry
    clock.advance({ minutes: 1 });
    await delivery.runQueued();
    expect((await db()('services').where({ id: service.id }).first()).status).toBe('active');
  });

  it('a 422 from the panel goes to staff at once with the field the panel named', async () => {
    const service = await buyGameServer({ ...PAPER, environment: { SERVER_JARFILE: 'server.jar' } }); // BUILD_NUMBER is required
    await delivery.runQueued();
    const row = await db()('services').where({ id: service.id }).first();
    expect(row.status).toBe('needs_staff');
    expect(row.last_error).toMatch(/422/);
    expect(row.last_error).toMatch(/BUILD_NUMBER|build number/i);
    expect(serversFor(service.id)).toHaveLength(0);
  });
});
