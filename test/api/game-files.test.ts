import { Writable } from 'node:stream';
import type { Express } from 'express';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, type MovableClock } from '../../server/clock/clock';
import { createSimulatedFleet } from '../../server/providers/cloud/simulated';
import { createPterodactylAdapter } from '../../server/providers/game-panel/pterodactyl';
import { createSandboxGamePanel } from '../../server/providers/game-panel/sandbox';
import { bearer } from '../support/accounts';
import { createTestApp, createTestMailer } from '../support/app';
import { buildDeliveredGameServer, buildDeliveredVps } from '../support/builders';
import { buildSellableProduct, buyer, cartBody } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { deliveryHarness, type DeliveryHarness, paperDeliverySettings } from '../support/delivery';
import { paidCardOrder } from '../support/paid-orders';
import { startPterodactylFake, type PterodactylFake } from '../fakes/pterodactyl';

// Issue 33, a game server's files and SFTP from the customer panel, through the real client-API
// adapter against the fake panel (its node's signed URLs included): the server delivered by the
// real delivery, then listed, read, edited, downloaded and uploaded; the SFTP password set on the
// panel and kept nowhere here.

const PAPER = paperDeliverySettings();

let database: TestDatabase;
let clock: MovableClock;
let app: Express;
let fake: PterodactylFake;
let delivery: DeliveryHarness;
const logLines: string[] = [];
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createMovableClock(new Date('2026-12-01T10:00:00Z'));
  fake = await startPterodactylFake({ clock: { now: () => clock.now() }, installMs: 5_000 });
  const mailer = createTestMailer(db());
  // Every log line at every level, to prove the SFTP password is never written.
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = createTestApp(db(), {
    clock,
    mailer,
    logger: pino({ level: 'trace' }, sink),
    config: { pterodactyl: { url: fake.url, applicationKey: fake.applicationKey, clientKey: fake.clientKey, timeoutMs: 2_000 } },
  });
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

interface Delivered {
  userId: number;
  serviceId: number;
  panelServerId: number;
  identifier: string;
}

/** A Minecraft server bought, paid and delivered on the fake panel. */
async function deliveredGame(): Promise<Delivered> {
  const customer = await buyer(db());
  const product = await buildSellableProduct(db(), {
    service_kind: 'game',
    delivery: 'pterodactyl',
    delivery_config: JSON.stringify(PAPER),
  });
  const order = await paidCardOrder(app, db(), customer.id, cartBody(product));
  await delivery.runQueued();
  clock.advance({ minutes: 1 });
  await delivery.runQueued();
  const row = await db()('services').where({ order_id: order.id }).first();
  expect(row.status).toBe('active');
  return { userId: customer.id, serviceId: row.id, panelServerId: row.panel_server_id, identifier: row.panel_identifier };
}

const as = (userId: number) => ({ Authorization: bearer(userId) });
const history = async (s: Delivered) =>
  (await request(app).get(`/api/services/${s.serviceId}/events`).set(as(s.userId)).expect(200)).body.events as {
    action: string;
    file: string | null;
  }[];

describe('the file browser', () => {
  it('lists the root with directories first, then a subdirectory', async () => {
    const s = await deliveredGame();
    const root = await request(app).get(`/api/services/${s.serviceId}/files`).set(as(s.userId)).expect(200);
    expect(root.body.directory).toBe('/');
    const names = root.body.entries.map((e: { name: string }) => e.name);
    expect(names.slice(0, 3)).toEqual(['logs', 'plugins', 'world']);
    expect(names).toEqual(expect.arrayContaining(['server.properties', 'eula.txt']));
    const properties = root.body.entries.find((e: { name: string }) => e.name === 'server.properties');
    expect(properties).toMatchObject({ path: '/server.properties', kind: 'file', editable: true });
    expect(properties.size).toBeGreaterThan(1000);

    const plugins = await request(app).get(`/api/services/${s.serviceId}/files?directory=/plugins/bStats`).set(as(s.userId)).expect(200);
    expect(plugins.body.entries).toEqual([
      expect.objectContaining({ name: 'config.yml', path: '/plugins/bStats/config.yml', editable: true }),
    ]);
  });

  it('edits server.properties: read, saved, read back, on the node and in the history', async () => {
    const s = await deliveredGame();
    const url = `/api/services/${s.serviceId}/files/contents?file=/server.properties`;
    const before = await request(app).get(url).set(as(s.userId)).expect(200);
    expect(before.body.content).toContain('motd=A Minecraft Server');
    const edited = (before.body.content as string).replace('motd=A Minecraft Server', 'motd=Chez Camille');

    const saved = await request(app)
      .put(`/api/services/${s.serviceId}/files/contents`)
      .set(as(s.userId))
      .send({ file: '/server.properties', content: edited })
      .expect(200);
    expect(saved.body).toEqual({ file: '/server.properties', size: Buffer.byteLength(edited) });

    const after = await request(app).get(url).set(as(s.userId)).expect(200);
    expect(after.body.content).toContain('motd=Chez Camille');
    expect(fake.fileOf(s.panelServerId, '/server.properties')!.toString('utf8')).toBe(edited);
    expect(await history(s)).toContainEqual(expect.objectContaining({ action: 'service.file_written', file: '/server.properties' }));
  });

  it('streams a download through our origin: the bytes, never the node’s signed URL', async () => {
    const s = await deliveredGame();
    const res = await request(app)
      .get(`/api/services/${s.serviceId}/files/download?file=/world/level.dat`)
      .set(as(s.userId))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(res.body as Buffer, fake.fileOf(s.panelServerId, '/world/level.dat')!)).toBe(0);
    expect(res.headers['content-disposition']).toBe('attachment; filename="level.dat"');
    expect(res.headers['cache-control']).toContain('no-store');
    // Our server fetched the node's URL; nothing of it went to the browser.
    const signed = fake.requests.find((r) => r.path === '/download/file' && r.status === 200);
    expect(signed?.query.token).toBeTruthy();
    expect(JSON.stringify(res.headers)).not.toContain(signed!.query.token);
    expect(JSON.stringify(res.headers)).not.toContain(fake.url);
  });

  it('uploads a file into a directory, as multipart on the node', async () => {
    const s = await deliveredGame();
    const jar = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x08, 0x00, 0xff, 0x00]);
    const res = await request(app)
      .post(`/api/services/${s.serviceId}/files/upload?directory=/plugins&name=EssentialsX.jar`)
      .set(as(s.userId))
      .set('Content-Type', 'application/octet-stream')
      .send(jar)
      .expect(201);
    expect(res.body).toMatchObject({ name: 'EssentialsX.jar', path: '/plugins/EssentialsX.jar', kind: 'file', size: jar.length });
    expect(Buffer.compare(fake.fileOf(s.panelServerId, '/plugins/EssentialsX.jar')!, jar)).toBe(0);
    const listed = await request(app).get(`/api/services/${s.serviceId}/files?directory=/plugins`).set(as(s.userId)).expect(200);
    expect(listed.body.entries.map((e: { name: string }) => e.name)).toContain('EssentialsX.jar');
    expect(await history(s)).toContainEqual(expect.objectContaining({ action: 'service.file_uploaded', file: '/plugins/EssentialsX.jar' }));
  });

  it('refuses a path that climbs out of the server, before the panel is asked', async () => {
    const s = await deliveredGame();
    const asked = fake.requests.length;
    const read = await request(app).get(`/api/services/${s.serviceId}/files/contents?file=/../../etc/passwd`).set(as(s.userId)).expect(400);
    expect(read.body.fields.file).toEqual(['panel.files.errorpath']);
    await request(app).get(`/api/services/${s.serviceId}/files?directory=plugins/../..`).set(as(s.userId)).expect(400);
    await request(app)
      .put(`/api/services/${s.serviceId}/files/contents`)
      .set(as(s.userId))
      .send({ file: '../escape.txt', content: 'x' })
      .expect(400);
    const upload = await request(app)
      .post(`/api/services/${s.serviceId}/files/upload?directory=/&name=../escape.jar`)
      .set(as(s.userId))
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.from('x'))
      .expect(400);
    expect(upload.body.fields.name).toEqual(['panel.files.errorname']);
    expect(fake.requests.length).toBe(asked);
  });

  it('answers 404 for a missing file and 413 for one past the editor’s size', async () => {
    const s = await deliveredGame();
    const missing = await request(app).get(`/api/services/${s.serviceId}/files/contents?file=/nope.txt`).set(as(s.userId)).expect(404);
    expect(missing.body.error).toBe('file_not_found');
    await request(app)
      .post(`/api/services/${s.serviceId}/files/upload?directory=/logs&name=big.log`)
      .set(as(s.userId))
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.alloc(60 * 1024, 'a'))
      .expect(201);
    const big = await request(app).get(`/api/services/${s.serviceId}/files/contents?file=/logs/big.log`).set(as(s.userId)).expect(413);
    expect(big.body.error).toBe('file_too_large');
  });
});

describe('who may touch the files', () => {
  it('another customer’s game server is 404 for every call, and nothing reaches the panel', async () => {
    const s = await deliveredGame();
    const stranger = await buyer(db());
    const asked = fake.requests.length;
    const base = `/api/services/${s.serviceId}`;
    await request(app).get(`${base}/files`).set(as(stranger.id)).expect(404);
    await request(app).get(`${base}/files/contents?file=/server.properties`).set(as(stranger.id)).expect(404);
    await request(app)
      .put(`${base}/files/contents`)
      .set(as(stranger.id))
      .send({ file: '/server.properties', content: 'pvp=false' })
      .expect(404);
    await request(app).get(`${base}/files/download?file=/eula.txt`).set(as(stranger.id)).expect(404);
    await request(app).get(`${base}/sftp`).set(as(stranger.id)).expect(404);
    await request(app).post(`${base}/sftp/password`).set(as(stranger.id)).send({}).expect(404);
    expect(fake.requests.length).toBe(asked);
  });

  it('a suspended service is 409 service_suspended, a terminated one 409 service_terminated', async () => {
    const s = await deliveredGame();
    await db()('services').where({ id: s.serviceId }).update({ status: 'suspended', suspended_at: new Date() });
    const suspended = await request(app).get(`/api/services/${s.serviceId}/files`).set(as(s.userId)).expect(409);
    expect(suspended.body.error).toBe('service_suspended');
    const password = await request(app).post(`/api/services/${s.serviceId}/sftp/password`).set(as(s.userId)).send({}).expect(409);
    expect(password.body.error).toBe('service_suspended');
    await db()('services').where({ id: s.serviceId }).update({ status: 'terminated', terminated_at: new Date() });
    const ended = await request(app)
      .put(`/api/services/${s.serviceId}/files/contents`)
      .set(as(s.userId))
      .send({ file: '/eula.txt', content: '' })
      .expect(409);
    expect(ended.body.error).toBe('service_terminated');
  });

  it('changes are limited to 30 a minute per service: the 31st is 429 and the panel does not get it', async () => {
    const s = await deliveredGame();
    const save = () =>
      request(app).put(`/api/services/${s.serviceId}/files/contents`).set(as(s.userId)).send({ file: '/notes.txt', content: 'x' });
    for (let i = 0; i < 30; i += 1) await save().expect(200);
    const writes = () => fake.requests.filter((r) => r.path.endsWith('/files/write')).length;
    const before = writes();
    await save().expect(429);
    expect(writes()).toBe(before);
  });

  it('a VPS has no files here: 409 files_not_offered', async () => {
    const customer = await buyer(db());
    const { service } = await buildDeliveredVps(db(), customer.id, { encryptionKey: 'ab'.repeat(32) });
    const res = await request(app).get(`/api/services/${service.id}/files`).set(as(customer.id)).expect(409);
    expect(res.body.error).toBe('files_not_offered');
  });

  it('a live panel without its client key answers 503 panel_client_key_missing', async () => {
    const customer = await buyer(db());
    const { service } = await buildDeliveredGameServer(db(), customer.id, { panelServerId: 1 });
    const keyless = createTestApp(db(), { config: { pterodactyl: { url: fake.url, applicationKey: fake.applicationKey } } });
    const res = await request(keyless).get(`/api/services/${service.id}/sftp`).set(as(customer.id)).expect(503);
    expect(res.body.error).toBe('panel_client_key_missing');
  });
});

describe('SFTP', () => {
  it('gives the node’s address and the user <panel username>.<identifier>', async () => {
    const s = await deliveredGame();
    const server = fake.servers.get(s.panelServerId)!;
    const owner = fake.users.get(server.userId)!;
    const res = await request(app).get(`/api/services/${s.serviceId}/sftp`).set(as(s.userId)).expect(200);
    expect(res.body).toEqual({ sftp: { host: 'gra1.play.example', port: 2022, username: `${owner.username}.${s.identifier}` } });
  });

  it('sets the chosen password on the panel, answers it once, and keeps it in no table and no log', async () => {
    const s = await deliveredGame();
    const password = 'Creeper-Aw-Man-2026!';
    const res = await request(app).post(`/api/services/${s.serviceId}/sftp/password`).set(as(s.userId)).send({ password }).expect(200);
    expect(res.body.password).toBe(password);
    expect(res.headers['cache-control']).toContain('no-store');
    const owner = fake.users.get(fake.servers.get(s.panelServerId)!.userId)!;
    expect(owner.password).toBe(password);
    // The panel's update rules want the account's fields with it: they were sent back unchanged.
    const patch = fake.requests.find((r) => r.method === 'PATCH' && r.path === `/api/application/users/${owner.id}`);
    expect(patch?.body).toMatchObject({
      email: owner.email,
      username: owner.username,
      first_name: owner.firstName,
      last_name: owner.lastName,
    });

    const tables = (await db().raw("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")) as { rows: { tablename: string }[] };
    for (const { tablename } of tables.rows) {
      const found = await db().raw(`SELECT count(*)::int AS n FROM "${tablename}" t WHERE t::text LIKE ?`, [`%${password}%`]);
      expect(found.rows[0].n, tablename).toBe(0);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(password);
    expect(await history(s)).toContainEqual(expect.objectContaining({ action: 'service.sftp_password_reset', file: null }));
  });

  it('makes a strong password when none is given', async () => {
    const s = await deliveredGame();
    const res = await request(app).post(`/api/services/${s.serviceId}/sftp/password`).set(as(s.userId)).send({}).expect(200);
    expect(res.body.password).toMatch(/^[\w-]{24}$/);
    expect(fake.users.get(fake.servers.get(s.panelServerId)!.userId)!.password).toBe(res.body.password);
  });

  it('refuses a short password with the field named, and the panel is not asked', async () => {
    const s = await deliveredGame();
    const asked = fake.requests.length;
    const res = await request(app)
      .post(`/api/services/${s.serviceId}/sftp/password`)
      .set(as(s.userId))
      .send({ password: 'short' })
      .expect(400);
    expect(res.body.fields.password).toEqual(['panel.files.sftp.errorlength']);
    expect(fake.requests.length).toBe(asked);
  });
});

describe('on the sandbox panel (no Pterodactyl configured)', () => {
  it('shows a Minecraft server’s files, saves an edit, and keeps only a hash of the SFTP password', async () => {
    const sandboxApp = createTestApp(db(), { clock });
    const panel = createSandboxGamePanel(db(), { now: () => clock.now() });
    const customer = await buyer(db());
    const { id: userId } = await panel.findOrCreateUser({
      externalId: String(customer.id),
      email: customer.email,
      username: 'camille',
      firstName: 'Camille',
      lastName: 'Dubois',
    });
    const server = await panel.createServer({
      externalId: `sandbox-${customer.id}`,
      name: 'Survie',
      userId,
      egg: PAPER.egg,
      dockerImage: PAPER.dockerImage,
      startup: PAPER.startup,
      environment: PAPER.environment,
      limits: PAPER.limits,
      featureLimits: PAPER.featureLimits,
      deploy: { locations: [1] },
    });
    const { service } = await buildDeliveredGameServer(db(), customer.id, {
      panelServerId: server.id,
      service: { panel_identifier: server.identifier },
    });
    const base = `/api/services/${service.id}`;
    const root = await request(sandboxApp).get(`${base}/files`).set(as(customer.id)).expect(200);
    expect(root.body.entries.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['plugins', 'logs', 'server.properties', 'eula.txt']),
    );
    const file = await request(sandboxApp).get(`${base}/files/contents?file=/server.properties`).set(as(customer.id)).expect(200);
    expect(file.body.content).toContain(`server-port=${server.allocation!.port}`);
    await request(sandboxApp)
      .put(`${base}/files/contents`)
      .set(as(customer.id))
      .send({ file: '/server.properties', content: file.body.content.replace('pvp=true', 'pvp=false') })
      .expect(200);
    const after = await request(sandboxApp).get(`${base}/files/contents?file=/server.properties`).set(as(customer.id)).expect(200);
    expect(after.body.content).toContain('pvp=false');

    const password = 'Sandbox-Password-42';
    await request(sandboxApp).post(`${base}/sftp/password`).set(as(customer.id)).send({ password }).expect(200);
    const user = await db()('game_panel_sandbox_users').where({ id: userId }).first();
    expect(user.sftp_password_hash).toBeTruthy();
    expect(user.sftp_password_hash).not.toContain(password);
    const sftp = await request(sandboxApp).get(`${base}/sftp`).set(as(customer.id)).expect(200);
    expect(sftp.body.sftp).toEqual({ host: 'gra1.play.example', port: 2022, username: `camille.${server.identifier}` });
  });
});
