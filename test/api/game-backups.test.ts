import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { createPterodactylBackups } from '../../server/providers/game-panel/client-api/backups';
import { createPterodactylAdapter } from '../../server/providers/game-panel/pterodactyl';
import { bearer } from '../support/accounts';
import { createTestApp, createTestMailer } from '../support/app';
import { buildSellableProduct, buyer, cartBody } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { deliveryHarness, type DeliveryHarness, paperDeliverySettings } from '../support/delivery';
import { paidCardOrder } from '../support/paid-orders';
import { startPterodactylFake, type FakePanelServer, type PterodactylFake } from '../fakes/pterodactyl';
import { FAKE_BACKUP_MS, fakeBackupsOf } from '../fakes/pterodactyl-client/backups';
import { fakeSchedulesOf } from '../fakes/pterodactyl-client/schedules';

// Issue 33, a game server's backups in the customer panel, against the panel's own wire format:
// the shop's real client-API adapter on the fake panel, which makes backups on its clock, holds the
// server's backup limit and serves downloads as the node does.

const PAPER = paperDeliverySettings(2);

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
  const panel = { url: fake.url, applicationKey: fake.applicationKey, clientKey: fake.clientKey, timeoutMs: 2_000 };
  app = createTestApp(db(), { clock, mailer, config: { pterodactyl: panel } });
  delivery = deliveryHarness(db(), {
    clock,
    mailer,
    panel: createPterodactylAdapter(panel),
    backups: createPterodactylBackups({ url: fake.url, clientKey: fake.clientKey, timeoutMs: 2_000 }),
    cloud: createSimulatedFleet(db(), { now: () => clock.now() }),
  });
});

afterAll(async () => {
  await fake.close();
  await database.destroy();
});

/** A customer's game server, bought, paid and delivered on the fake panel. */
async function deliveredGameServer(settings: Record<string, unknown> = PAPER) {
  const customer = await buyer(db());
  const product = await buildSellableProduct(db(), {
    service_kind: 'game',
    delivery: 'pterodactyl',
    delivery_config: JSON.stringify(settings),
  });
  const order = await paidCardOrder(app, db(), customer.id, cartBody(product));
  const { id } = (await db()('services').where({ order_id: order.id }).first()) as { id: number };
  await delivery.runQueued();
  clock.advance({ minutes: 1 });
  await delivery.runQueued();
  const row = await db()('services').where({ id }).first();
  expect(row.status).toBe('active');
  const server = [...fake.servers.values()].find((s) => s.externalId === String(id))!;
  return { customer, serviceId: id as number, server, auth: bearer(customer.id) };
}

const list = (serviceId: number, auth: string) => request(app).get(`/api/services/${serviceId}/backups`).set('Authorization', auth);
const create = (serviceId: number, auth: string, body: object = {}) =>
  request(app).post(`/api/services/${serviceId}/backups`).set('Authorization', auth).send(body);
const auditOf = (serviceId: number) =>
  db()('audit_log')
    .where({ entity_type: 'service', entity_id: String(serviceId) })
    .orderBy('id')
    .pluck('action');

/** A backup taken and left to finish on the fake's clock. */
async function completedBackup(serviceId: number, auth: string, name = 'Avant la mise à jour') {
  const made = await create(serviceId, auth, { name }).expect(202);
  clock.advance({ minutes: 1 });
  return made.body.backup.id as string;
}

const clientCalls = (server: FakePanelServer, method: string, tail: string) =>
  fake.requests.filter((r) => r.method === method && r.path === `/api/client/servers/${server.uuid.slice(0, 8)}${tail}`);

describe('game server backups', () => {
  it('a backup is creating at once, then completed with its size once the node finished', async () => {
    const { serviceId, auth } = await deliveredGameServer();
    const made = await create(serviceId, auth, { name: 'Avant la mise à jour' }).expect(202);
    expect(made.body.backup).toMatchObject({ name: 'Avant la mise à jour', status: 'creating', completedAt: null, size: 0 });

    const running = await list(serviceId, auth).expect(200);
    expect(running.body).toMatchObject({ limit: 2, restoring: false });
    expect(running.body.backups.map((b: { status: string }) => b.status)).toEqual(['creating']);

    clock.advance({ minutes: 1 });
    const done = await list(serviceId, auth).expect(200);
    expect(done.body.backups[0]).toMatchObject({ id: made.body.backup.id, status: 'completed' });
    expect(done.body.backups[0].size).toBeGreaterThan(0);
    expect(done.body.backups[0].completedAt).toBe(new Date(Date.parse(made.body.backup.createdAt) + FAKE_BACKUP_MS).toISOString());
    expect(await auditOf(serviceId)).toContain('service.backup_created');
  });

  it('a backup the node fails is listed failed and does not count against the limit', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    fakeBackupsOf(server).failNext();
    await create(serviceId, auth).expect(202);
    clock.advance({ minutes: 1 });
    const after = await list(serviceId, auth).expect(200);
    expect(after.body.backups.map((b: { status: string }) => b.status)).toEqual(['failed']);
    await create(serviceId, auth).expect(202);
    await create(serviceId, auth).expect(202);
  });

  it('refuses a backup beyond the offer’s limit with 409, and the panel holds no extra one', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    await create(serviceId, auth).expect(202);
    await create(serviceId, auth).expect(202);
    const refused = await create(serviceId, auth).expect(409);
    expect(refused.body.error).toBe('backup_limit_reached');
    expect(fakeBackupsOf(server).backups).toHaveLength(2);
  });

  it('maps the panel’s own limit refusal (two tabs at once) to the same 409', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    await create(serviceId, auth).expect(202);
    // Another tab's backup reaches the panel between our look and our create.
    server.featureLimits.backups = 1;
    const panelSaid = await createPterodactylBackups({ url: fake.url, clientKey: fake.clientKey })
      .create(server.uuid.slice(0, 8))
      .catch((err: unknown) => err);
    expect(panelSaid).toMatchObject({ status: 400, errors: [expect.objectContaining({ code: 'TooManyBackupsException' })] });
    expect((await create(serviceId, auth).expect(409)).body.error).toBe('backup_limit_reached');
  });

  it('a restore reaches the panel with truncate, is audited, and a second one while it runs is 409', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    const backupId = await completedBackup(serviceId, auth);
    const restored = await request(app)
      .post(`/api/services/${serviceId}/backups/${backupId}/restore`)
      .set('Authorization', auth)
      .expect(202);
    expect(restored.body.backups).toHaveLength(1);
    expect(fakeBackupsOf(server).restores).toEqual([{ uuid: backupId, truncate: true, at: clock.now() }]);
    expect(await auditOf(serviceId)).toContain('service.backup_restored');
    const again = await request(app).post(`/api/services/${serviceId}/backups/${backupId}/restore`).set('Authorization', auth).expect(409);
    expect(again.body.error).toBe('backup_busy');
    expect(fakeBackupsOf(server).restores).toHaveLength(1);
  });

  it('refuses to restore a backup still being made', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    const made = await create(serviceId, auth).expect(202);
    const refused = await request(app)
      .post(`/api/services/${serviceId}/backups/${made.body.backup.id}/restore`)
      .set('Authorization', auth)
      .expect(409);
    expect(refused.body.error).toBe('backup_not_ready');
    expect(clientCalls(server, 'POST', `/backups/${made.body.backup.id}/restore`)).toHaveLength(0);
  });

  it('streams the archive through the shop: the bytes of the node, never its signed URL', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    const backupId = await completedBackup(serviceId, auth);
    const answer = await request(app)
      .get(`/api/services/${serviceId}/backups/${backupId}/download`)
      .set('Authorization', auth)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const bytes = answer.body as Buffer;
    expect(answer.headers['content-type']).toBe('application/gzip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="sauvegarde-\d+-2026-12-01-[0-9a-f]{8}\.tar\.gz"$/);
    expect(bytes.equals(fakeBackupsOf(server).backups[0]!.archive)).toBe(true);
    expect(bytes.subarray(0, 2).toString('hex')).toBe('1f8b'); // gzip
    const signed = fake.requests.find((r) => r.path === '/download/backup')!;
    expect(JSON.stringify(answer.headers)).not.toContain(signed.query.token);
    expect(JSON.stringify(answer.headers)).not.toContain(fake.url);
  });

  it('deletes a backup on the panel and audits it', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    const backupId = await completedBackup(serviceId, auth);
    const after = await request(app).delete(`/api/services/${serviceId}/backups/${backupId}`).set('Authorization', auth).expect(200);
    expect(after.body.backups).toEqual([]);
    expect(fakeBackupsOf(server).backups).toHaveLength(0);
    expect(await auditOf(serviceId)).toContain('service.backup_deleted');
  });

  it('another customer’s server and backup are 404, and nothing reaches the panel', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    const backupId = await completedBackup(serviceId, auth);
    const stranger = bearer((await buyer(db())).id);
    const before = fake.requests.length;
    expect((await list(serviceId, stranger).expect(404)).body.error).toBe('service_not_found');
    await create(serviceId, stranger).expect(404);
    await request(app).post(`/api/services/${serviceId}/backups/${backupId}/restore`).set('Authorization', stranger).expect(404);
    await request(app).get(`/api/services/${serviceId}/backups/${backupId}/download`).set('Authorization', stranger).expect(404);
    await request(app).delete(`/api/services/${serviceId}/backups/${backupId}`).set('Authorization', stranger).expect(404);
    expect(fake.requests.length).toBe(before);
    expect(fakeBackupsOf(server).backups).toHaveLength(1);
  });

  it('a backup of another server, named on this one, is 404', async () => {
    const mine = await deliveredGameServer();
    const other = await deliveredGameServer();
    const theirs = await completedBackup(other.serviceId, other.auth);
    await request(app).delete(`/api/services/${mine.serviceId}/backups/${theirs}`).set('Authorization', mine.auth).expect(404);
    expect(fakeBackupsOf(other.server).backups).toHaveLength(1);
  });

  it('a suspended server refuses with 409 service_suspended, an ended one service_terminated', async () => {
    const { serviceId, auth } = await deliveredGameServer();
    await db()('services').where({ id: serviceId }).update({ status: 'suspended' });
    expect((await create(serviceId, auth).expect(409)).body.error).toBe('service_suspended');
    expect((await list(serviceId, auth).expect(409)).body.error).toBe('service_suspended');
    await db()('services').where({ id: serviceId }).update({ status: 'terminated' });
    expect((await create(serviceId, auth).expect(409)).body.error).toBe('service_terminated');
  });

  it('the actions share the services’ limit per minute: the 11th is 429 and does not reach the panel', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await request(app).delete(`/api/services/${serviceId}/backups/${unknown}`).set('Authorization', auth)).status);
    expect(statuses).toEqual([...Array(10).fill(404), 429]);
    const before = fake.requests.length;
    await create(serviceId, auth).expect(429);
    expect(fake.requests.length).toBe(before);
    expect(fakeBackupsOf(server).backups).toHaveLength(0);
    // Reading the list (polled while a backup runs) is not limited.
    await list(serviceId, auth).expect(200);
  });

  it('a bad name is a 400 with the field, and nothing is made', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    const refused = await create(serviceId, auth, { name: 'x'.repeat(192) }).expect(400);
    expect(refused.body.fields).toHaveProperty('name');
    expect(fakeBackupsOf(server).backups).toHaveLength(0);
  });

  it('delivery sets one daily backup schedule, and a retried delivery adds no second', async () => {
    const { serviceId, server, auth } = await deliveredGameServer();
    const schedules = fakeSchedulesOf(server);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({
      name: 'Sauvegarde quotidienne',
      isActive: true,
      cron: { day_of_month: '*', month: '*', day_of_week: '*' },
      tasks: [expect.objectContaining({ action: 'backup', timeOffset: 0 })],
    });
    // The step run again (a worker that died before recording the delivery).
    await db()('services').where({ id: serviceId }).update({ status: 'provisioning' });
    await delivery.runner.step({ serviceId });
    expect(fakeSchedulesOf(server)).toHaveLength(1);
    expect(fakeSchedulesOf(server)[0]!.tasks).toHaveLength(1);
    await db()('services').where({ id: serviceId }).update({ status: 'active' });
    const view = await list(serviceId, auth).expect(200);
    expect(view.body.dailySchedule).toEqual({ hour: Number(schedules[0]!.cron.hour), minute: Number(schedules[0]!.cron.minute) });
  });

  it('an offer without backups gets no schedule, and its panel refuses a backup', async () => {
    const { serviceId, server, auth } = await deliveredGameServer({
      ...PAPER,
      featureLimits: { databases: 0, allocations: 1, backups: 0 },
    });
    expect(fakeSchedulesOf(server)).toHaveLength(0);
    const view = await list(serviceId, auth).expect(200);
    expect(view.body).toMatchObject({ limit: 0, dailySchedule: null });
    expect((await create(serviceId, auth).expect(409)).body.error).toBe('backup_limit_reached');
  });
});
