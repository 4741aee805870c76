import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { createSandboxGamePanel } from '../../server/providers/game-panel/sandbox';
import type { GamePanelAdapter } from '../../server/providers/game-panel/types';
import { bearer } from '../support/accounts';
import { createTestApp, createTestMailer } from '../support/app';
import { buildStaff, staffBearer } from '../support/staff';
import { buildSellableProduct, buyer, cartBody } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { deliveryHarness, type DeliveryHarness, paperDeliverySettings } from '../support/delivery';
import { paidCardOrder } from '../support/paid-orders';
import { deliveriesTotal } from '../../server/metrics/instruments';

// Issue 31: a game server delivers itself. Paid through the card sandbox's webhook, the order's
// service is provisioned on the sandbox panel by the queued jobs (run as the worker would, the clock
// moved past the install), and the customer finds it active with its address; a panel that refuses
// hands it to staff with mails, who retry or deliver it by hand.

const INSTALL_MS = 5_000;
const PAPER = paperDeliverySettings();

let database: TestDatabase;
let clock: MovableClock;
let app: Express;
let panel: GamePanelAdapter;
let delivery: DeliveryHarness;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createMovableClock(new Date('2026-12-01T10:00:00Z'));
  const mailer = createTestMailer(db());
  panel = createSandboxGamePanel(db(), { now: () => clock.now(), installMs: INSTALL_MS });
  app = createTestApp(db(), { clock, mailer });
  const fleet = createSimulatedFleet(db(), { now: () => clock.now() });
  delivery = deliveryHarness(db(), {
    clock,
    mailer,
    panel,
    cloud: { ...fleet, rebuild: async () => undefined, installState: async () => 'ready' as const },
  });
});

afterAll(async () => {
  await database.destroy();
});

async function gameProduct(settings: Record<string, unknown> = PAPER) {
  return buildSellableProduct(db(), {
    name: 'Minecraft Survie 4 Go',
    service_kind: 'game',
    delivery: 'pterodactyl',
    delivery_config: JSON.stringify(settings),
    ovh_duration: '1',
  });
}

/** service_deliveries_total for game servers on the panel, as GET /metrics shows it. */
async function gameDeliveries(outcome: 'delivered' | 'handed_to_staff' | 'provider_error'): Promise<number> {
  const { values } = await deliveriesTotal.get();
  return values.find((v) => v.labels.kind === 'game' && v.labels.provider === 'pterodactyl' && v.labels.outcome === outcome)?.value ?? 0;
}

async function buyGameServer(settings?: Record<string, unknown>) {
  const customer = await buyer(db());
  const product = await gameProduct(settings);
  const order = await paidCardOrder(app, db(), customer.id, cartBody(product));
  const [service] = await db()('services').where({ order_id: order.id });
  return { customer, product, order, service: service as { id: number } };
}

describe('a game server paid is delivered by itself', () => {
  it('goes from the payment to active with an address and port, and the order ends paid without an agent', async () => {
    const { customer, order, service } = await buyGameServer();
    expect(order.status).toBe('pending');
    expect(await delivery.queuedFor(service.id)).toBe(1); // queued with the payment
    const deliveredBefore = await gameDeliveries('delivered');

    const first = await request(app).get(`/api/services/${service.id}`).set('Authorization', bearer(customer.id)).expect(200);
    expect(first.body.service).toMatchObject({ kind: 'game', status: 'provisioning', orderId: order.id, connection: null });

    await delivery.runQueued(); // creates the server; the install runs
    expect((await db()('services').where({ id: service.id }).first()).status).toBe('provisioning');
    clock.advance({ minutes: 1 });
    await delivery.runQueued(); // installed: delivered
    expect(await gameDeliveries('delivered')).toBe(deliveredBefore + 1);

    const list = await request(app).get('/api/services').set('Authorization', bearer(customer.id)).expect(200);
    expect(list.body.services).toHaveLength(1);
    expect(list.body.services[0]).toMatchObject({
      id: service.id,
      kind: 'game',
      status: 'active',
      delivery: 'automatic',
      product: { name: 'Minecraft Survie 4 Go' },
      connection: { host: 'gra1.play.example', port: expect.any(Number) },
    });
    expect(list.body.services[0].period.expiresAt).not.toBeNull();

    const paid = await request(app).get(`/api/orders/${order.id}`).set('Authorization', bearer(customer.id)).expect(200);
    expect(paid.body.order).toMatchObject({ status: 'paid', delivered_at: expect.any(String) });
    const row = await db()('orders').where({ id: order.id }).first();
    expect(row.delivered_at).not.toBeNull();
    expect(row.support_id).toBeNull();
    const audit = await db()('audit_log').where({ entity_type: 'order', entity_id: order.id, action: 'order.delivered' }).first();
    expect(audit.actor_id).toBeNull();
    const mail = await db()('mail_outbox').where({ to_email: customer.email, template: 'game_server_delivered' });
    expect(mail).toHaveLength(1);
  });

  it('never makes a second server when a worker died between the create and its record', async () => {
    const { service } = await buyGameServer();
    // The create reached the panel; the worker died before writing down the panel's id.
    const owner = await panel.findOrCreateUser({
      externalId: 'orphan',
      email: 'orphan@example.test',
      username: 'orphan',
      firstName: 'O',
      lastName: 'P',
    });
    const made = await panel.createServer({
      externalId: String(service.id),
      name: 'made before the crash',
      userId: owner.id,
      egg: PAPER.egg,
      dockerImage: PAPER.dockerImage,
      startup: PAPER.startup,
      environment: PAPER.environment,
      limits: PAPER.limits,
      featureLimits: PAPER.featureLimits,
      deploy: { locations: [1] },
    });
    clock.advance({ minutes: 1 });
    await delivery.runQueued();
    const row = await db()('services').where({ id: service.id }).first();
    expect(row).toMatchObject({ status: 'active', panel_server_id: made.id });
    expect((await panel.findServerByExternalId(String(service.id)))?.id).toBe(made.id);
  });

  it('other customers see neither the service nor its address (404)', async () => {
    const { service } = await buyGameServer();
    const stranger = await buyer(db());
    await request(app).get(`/api/services/${service.id}`).set('Authorization', bearer(stranger.id)).expect(404);
    const theirs = await request(app).get('/api/services').set('Authorization', bearer(stranger.id)).expect(200);
    expect(theirs.body.services).toEqual([]);
  });
});

describe('a delivery that fails is never silent', () => {
  it('an install that fails turns needs_staff, mails the admins and agents on duty, and shows in the back-office; "Réessayer" runs it again', async () => {
    const admin = await buildStaff(db(), 'admin');
    const onDuty = await buildStaff(db(), 'support', { online: true });
    const offDuty = await buildStaff(db(), 'support', { online: false });
    const { order, service } = await buyGameServer({ ...PAPER, locations: [3] }); // the sandbox's `fail` location
    await delivery.runQueued();
    clock.advance({ minutes: 1 });
    await delivery.runQueued();

    const row = await db()('services').where({ id: service.id }).first();
    expect(row.status).toBe('needs_staff');
    expect(row.last_error).toMatch(/install/);
    const told = (
      await db()('mail_outbox').where({ template: 'delivery_needs_staff' }).whereIn('to_email', [admin.email, onDuty.email, offDuty.email])
    ).map((m: { to_email: string }) => m.to_email);
    expect(told.sort()).toEqual([admin.email, onDuty.email].sort());

    const list = await request(app).get('/api/admin/deliveries').set('Authorization', staffBearer(admin.id)).expect(200);
    const shown = list.body.deliveries.find((d: { serviceId: number }) => d.serviceId === service.id);
    expect(shown).toMatchObject({ orderId: order.id, status: 'needs_staff', lastError: expect.stringMatching(/install/) });
    expect(shown.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['waiting', 'failed', 'gave_up']);
    // The order still waits for an agent, as the spec's workflow has it.
    expect((await db()('orders').where({ id: order.id }).first()).status).toBe('pending');

    const retried = await request(app)
      .post(`/api/admin/deliveries/${service.id}/retry`)
      .set('Authorization', staffBearer(admin.id))
      .expect(202);
    expect(retried.body.delivery.status).toBe('provisioning');
    expect(await delivery.queuedFor(service.id)).toBe(1);
  });

  it('a panel that refuses the server (422) hands it to staff at once; an agent delivers it by hand', async () => {
    const admin = await buildStaff(db(), 'admin');
    const { customer, order, service } = await buyGameServer({ ...PAPER, environment: { SERVER_JARFILE: 'not a jar' } });
    await delivery.runQueued();
    const row = await db()('services').where({ id: service.id }).first();
    expect(row.status).toBe('needs_staff');
    expect(row.last_error).toMatch(/422/);

    await request(app)
      .post(`/api/admin/deliveries/${service.id}/manual`)
      .set('Authorization', staffBearer(admin.id))
      .send({ host: 'manual.play.example', port: 0 })
      .expect(400);
    await request(app)
      .post(`/api/admin/deliveries/${service.id}/manual`)
      .set('Authorization', staffBearer(admin.id))
      .send({ host: 'manual.play.example', port: 25570 })
      .expect(200);
    const mine = await request(app).get(`/api/services/${service.id}`).set('Authorization', bearer(customer.id)).expect(200);
    expect(mine.body.service).toMatchObject({ status: 'active', connection: { host: 'manual.play.example', port: 25570 } });
    expect((await db()('orders').where({ id: order.id }).first()).status).toBe('paid');
  });

  it('a panel that cannot be reached is retried, then handed to staff once the ten minutes are gone', async () => {
    const { service } = await buyGameServer();
    const down: GamePanelAdapter = {
      ...panel,
      findServerByExternalId: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const harness = deliveryHarness(db(), {
      clock,
      mailer: createTestMailer(db()),
      panel: down,
      cloud: {
        ...createSimulatedFleet(db(), { now: () => clock.now() }),
        rebuild: async () => undefined,
        installState: async () => 'ready' as const,
      },
    });
    const [errorsBefore, handedBefore] = [await gameDeliveries('provider_error'), await gameDeliveries('handed_to_staff')];
    const first = await harness.runQueued();
    expect(first.errors).toHaveLength(1); // thrown: pg-boss retries it with backoff
    expect(await gameDeliveries('provider_error')).toBe(errorsBefore + 1);
    expect((await db()('services').where({ id: service.id }).first()).status).toBe('provisioning');
    clock.advance({ minutes: 11 });
    const handed = await harness.runner.sweepOverdue();
    expect(handed).toBeGreaterThanOrEqual(1);
    expect(await gameDeliveries('handed_to_staff')).toBe(handedBefore + handed);
    const row = await db()('services').where({ id: service.id }).first();
    expect(row.status).toBe('needs_staff');
    expect(row.last_error).toMatch(/not delivered in time; last error: connect ECONNREFUSED/);
  });
});
