import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock } from '../../server/clock/clock';
import { attachUpgrades } from '../../server/http/upgrades';
import { createPterodactylAdapter } from '../../server/providers/game-panel/pterodactyl';
import { startPterodactylFake, type PterodactylFake } from '../fakes/pterodactyl';
import { bearer } from '../support/accounts';
import { createTestApp, TEST_ENCRYPTION_KEY, TEST_PUBLIC_URL } from '../support/app';
import { buildDeliveredGameServer, buildDeliveredVps } from '../support/builders';
import { buyer } from '../support/checkout';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { serverOnPanel } from '../support/service-machines';

// Issue 33, a game server's live side: the console socket on our origin (ticket, Origin, auth, the
// node's events relayed), power signals and resources, through the client API of the fake panel
// and its fake node socket (Wings' protocol).

let database: TestDatabase;
let fake: PterodactylFake;
let server: Server;
let base: string;
let app: ReturnType<typeof createTestApp>;
const clock = createMovableClock();

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startPterodactylFake({ clock, installMs: 0 });
  app = createTestApp(database.db, {
    clock,
    config: { pterodactyl: { url: fake.url, applicationKey: fake.applicationKey, clientKey: fake.clientKey, timeoutMs: 2000 } },
  });
  // Listening, as main.ts does: the console is a WebSocket on the app's own server.
  server = createServer(app);
  attachUpgrades(server, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fake.close();
  await database.destroy();
});

const db = () => database.db;

async function gameServer(service: Record<string, unknown> = {}) {
  const user = await buyer(db());
  const panelServer = await serverOnPanel(createPterodactylAdapter({ url: fake.url, applicationKey: fake.applicationKey }));
  const built = await buildDeliveredGameServer(db(), user.id, {
    panelServerId: panelServer.id,
    service: { panel_identifier: panelServer.identifier, ...service },
  });
  return { user, service: built.service, uuid: fake.servers.get(panelServer.id)!.uuid };
}

const ticketFor = async (userId: number, serviceId: number) =>
  (await request(app).post(`/api/services/${serviceId}/console/ticket`).set('Authorization', bearer(userId)).expect(201)).body
    .ticket as string;

interface Message {
  event: string;
  args?: string[];
}

/** A browser's socket: every message kept, `until` waits for one. */
function openSocket(serviceId: number, origin = TEST_PUBLIC_URL, at = base) {
  const ws = new WebSocket(`${at}/api/services/${serviceId}/console`, { origin });
  const messages: Message[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const until = async (match: (m: Message) => boolean) => {
    for (let i = 0; i < 150 && !messages.some(match); i += 1) await new Promise((r) => setTimeout(r, 20));
    const found = messages.find(match);
    if (!found) throw new Error(`no such message; got ${JSON.stringify(messages)}`);
    return found;
  };
  const send = (event: string, ...args: string[]) => ws.send(JSON.stringify({ event, args }));
  return { ws, messages, opened, closed, until, send };
}

async function authenticated(userId: number, serviceId: number, at = base) {
  const socket = openSocket(serviceId, TEST_PUBLIC_URL, at);
  await socket.opened;
  socket.send('auth', await ticketFor(userId, serviceId));
  await socket.until((m) => m.event === 'auth success');
  return socket;
}

describe('the console socket', () => {
  it('relays a command and its output after auth, and nothing before', async () => {
    const { user, service, uuid } = await gameServer();
    const socket = openSocket(service.id);
    await socket.opened;
    socket.send('send command', 'op mallory');
    await new Promise((r) => setTimeout(r, 100));
    expect(socket.messages).toEqual([]);
    expect(fake.consoles.serverByUuid(uuid)?.commands ?? []).toEqual([]);

    socket.send('auth', await ticketFor(user.id, service.id));
    await socket.until((m) => m.event === 'auth success');
    expect(await socket.until((m) => m.event === 'status')).toEqual({ event: 'status', args: ['running'] });
    expect(socket.messages[0]).toEqual({ event: 'auth success' });

    socket.send('send command', 'say bonjour');
    await socket.until((m) => m.event === 'console output' && m.args?.[0] === '> say bonjour');
    expect(fake.consoles.serverByUuid(uuid)!.commands).toEqual(['say bonjour']);

    // The node's token never reaches the browser.
    const tokens = fake.consoles.auths.filter((a) => a.uuid === uuid).map((a) => a.token);
    expect(tokens).toHaveLength(1);
    expect(JSON.stringify(socket.messages)).not.toContain(tokens[0]);
    socket.ws.close();
  });

  it('renews the node token on "token expiring" and keeps relaying', async () => {
    const { user, service, uuid } = await gameServer();
    const socket = await authenticated(user.id, service.id);
    clock.advance({ minutes: 9.5 });
    fake.consoles.tick();
    for (let i = 0; i < 100 && fake.consoles.auths.filter((a) => a.uuid === uuid).length < 2; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(fake.consoles.auths.filter((a) => a.uuid === uuid).map((a) => a.accepted)).toEqual([true, true]);
    expect(socket.messages.map((m) => m.event)).not.toContain('token expiring');

    clock.advance({ minutes: 2 });
    fake.consoles.tick();
    socket.send('send command', 'list');
    await socket.until((m) => m.args?.[0] === '> list');
    socket.ws.close();
  });

  it('sends `set state` to the node and records it; a service suspended after its ticket is refused', async () => {
    const { user, service, uuid } = await gameServer();
    const socket = await authenticated(user.id, service.id);
    socket.send('set state', 'restart');
    socket.send('set state', 'explode');
    await socket.until((m) => m.event === 'status' && m.args?.[0] === 'stopping');
    expect(fake.consoles.serverByUuid(uuid)!.signals).toEqual(['restart']);
    for (
      let i = 0;
      i < 50 && (await db()('audit_log').where({ entity_id: String(service.id), action: 'service.power_restart' })).length === 0;
      i += 1
    )
      await new Promise((r) => setTimeout(r, 20));
    expect(
      await db()('audit_log')
        .where({ entity_type: 'service', entity_id: String(service.id) })
        .pluck('action'),
    ).toEqual(['service.power_restart']);
    socket.ws.close();

    const ticket = await ticketFor(user.id, service.id);
    await db()('services').where({ id: service.id }).update({ status: 'suspended', suspended_at: new Date() });
    const refused = openSocket(service.id);
    await refused.opened;
    refused.send('auth', ticket);
    expect(await refused.closed).toBe(4000);
    expect(refused.messages).toEqual([{ event: 'console error', args: ['service_suspended'] }]);
  });

  it('refuses an Origin other than the shop’s', async () => {
    const { service } = await gameServer();
    await expect(openSocket(service.id, 'https://evil.example').opened).rejects.toThrow('refused 403');
  });

  it('takes a ticket once, only for its service, and not after its minute', async () => {
    const { user, service } = await gameServer();
    const other = await gameServer();
    const ticket = await ticketFor(user.id, service.id);
    const stored = await db()('console_tickets').where({ service_id: service.id }).first();
    expect(stored.ticket_hash).not.toBe(ticket);
    expect(JSON.stringify(stored)).not.toContain(ticket);

    // Another service's socket does not take it.
    const elsewhere = openSocket(other.service.id);
    await elsewhere.opened;
    elsewhere.send('auth', ticket);
    expect(await elsewhere.closed).toBe(4000);
    expect(elsewhere.messages).toEqual([{ event: 'console error', args: ['ticket_invalid'] }]);

    const first = openSocket(service.id);
    await first.opened;
    first.send('auth', ticket);
    await first.until((m) => m.event === 'auth success');
    const second = openSocket(service.id);
    await second.opened;
    second.send('auth', ticket);
    expect(await second.closed).toBe(4000);
    expect(second.messages).toEqual([{ event: 'console error', args: ['ticket_invalid'] }]);
    first.ws.close();

    const late = await ticketFor(user.id, service.id);
    clock.advance({ minutes: 1 });
    const expired = openSocket(service.id);
    await expired.opened;
    expired.send('auth', late);
    expect(await expired.closed).toBe(4000);
    expect(expired.messages).toEqual([{ event: 'console error', args: ['ticket_invalid'] }]);
  });

  it('opens at most 3 consoles per customer at once', async () => {
    const { user, service } = await gameServer();
    const open = [];
    for (let i = 0; i < 3; i += 1) open.push(await authenticated(user.id, service.id));
    const refused = await request(app).post(`/api/services/${service.id}/console/ticket`).set('Authorization', bearer(user.id)).expect(429);
    expect(refused.body.error).toBe('consoles_limit');

    open[0]!.ws.close();
    await open[0]!.closed;
    // The server lets its place go once it saw the close.
    const consolesOf = async () => Number((await db()('console_sessions').where({ user_id: user.id }).count({ n: '*' }))[0]!.n);
    for (let i = 0; i < 50 && (await consolesOf()) > 2; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(await consolesOf()).toBe(2);
    const fourth = await authenticated(user.id, service.id);
    for (const socket of [...open.slice(1), fourth]) socket.ws.close();
  });
});

describe('consoles counted across instances', () => {
  it('a customer’s consoles on two instances count together; those of an instance gone stop counting', async () => {
    const { user, service } = await gameServer();
    const other = createTestApp(db(), {
      clock,
      config: { pterodactyl: { url: fake.url, applicationKey: fake.applicationKey, clientKey: fake.clientKey, timeoutMs: 2000 } },
    });
    const second = createServer(other);
    attachUpgrades(second, other);
    await new Promise<void>((resolve) => second.listen(0, '127.0.0.1', resolve));
    try {
      const onFirst = [await authenticated(user.id, service.id), await authenticated(user.id, service.id)];
      const onSecond = await authenticated(user.id, service.id, `ws://127.0.0.1:${(second.address() as AddressInfo).port}`);
      const refused = await request(other)
        .post(`/api/services/${service.id}/console/ticket`)
        .set('Authorization', bearer(user.id))
        .expect(429);
      expect(refused.body.error).toBe('consoles_limit');
      for (const socket of [...onFirst, onSecond]) socket.ws.close();
      await Promise.all([...onFirst, onSecond].map((socket) => socket.closed));
    } finally {
      second.closeAllConnections();
      await new Promise((resolve) => second.close(resolve));
    }

    // An instance that died left its rows: not refreshed for 90 s, they no longer count.
    const long = new Date(clock.now().getTime() - 120_000);
    await db()('console_sessions').insert(
      [1, 2, 3].map(() => ({ user_id: user.id, service_id: service.id, opened_at: long, seen_at: long })),
    );
    const socket = await authenticated(user.id, service.id);
    socket.ws.close();
  });
});

describe('tickets, power and resources', () => {
  it('another customer’s service is 404, a VPS 409, a suspended or ended one 409', async () => {
    const { user, service } = await gameServer();
    const stranger = await buyer(db());
    for (const path of ['console/ticket', 'power']) {
      const res = await request(app)
        .post(`/api/services/${service.id}/${path}`)
        .set('Authorization', bearer(stranger.id))
        .send({ signal: 'start' });
      expect(res.status).toBe(404);
    }
    await request(app).get(`/api/services/${service.id}/resources`).set('Authorization', bearer(stranger.id)).expect(404);

    const vps = await buildDeliveredVps(db(), user.id, { encryptionKey: TEST_ENCRYPTION_KEY });
    const onVps = await request(app)
      .post(`/api/services/${vps.service.id}/power`)
      .set('Authorization', bearer(user.id))
      .send({ signal: 'start' })
      .expect(409);
    expect(onVps.body.error).toBe('game_server_only');

    const suspended = await gameServer({ status: 'suspended', suspended_at: new Date() });
    const res = await request(app)
      .post(`/api/services/${suspended.service.id}/console/ticket`)
      .set('Authorization', bearer(suspended.user.id))
      .expect(409);
    expect(res.body.error).toBe('service_suspended');
    const ended = await gameServer({ status: 'terminated', terminated_at: new Date() });
    const power = await request(app)
      .post(`/api/services/${ended.service.id}/power`)
      .set('Authorization', bearer(ended.user.id))
      .send({ signal: 'start' })
      .expect(409);
    expect(power.body.error).toBe('service_terminated');
    expect(fake.requests.filter((r) => r.path.endsWith('/power'))).toHaveLength(0);
  });

  it('sends each power signal to the panel and records it in the service history', async () => {
    const { user, service, uuid } = await gameServer();
    for (const signal of ['stop', 'start', 'restart', 'kill']) {
      const res = await request(app)
        .post(`/api/services/${service.id}/power`)
        .set('Authorization', bearer(user.id))
        .send({ signal })
        .expect(202);
      expect(res.body).toEqual({ signal });
    }
    expect(fake.consoles.serverByUuid(uuid)!.signals).toEqual(['stop', 'start', 'restart', 'kill']);
    const events = await request(app).get(`/api/services/${service.id}/events`).set('Authorization', bearer(user.id)).expect(200);
    expect(events.body.events.map((e: { action: string }) => e.action)).toEqual([
      'service.power_kill',
      'service.power_restart',
      'service.power_start',
      'service.power_stop',
    ]);
    expect(events.body.events[0].by).toBe('you');

    const bad = await request(app)
      .post(`/api/services/${service.id}/power`)
      .set('Authorization', bearer(user.id))
      .send({ signal: 'explode' })
      .expect(400);
    expect(bad.body.fields).toEqual({ signal: ['panel.console.power.invalid'] });
    expect(fake.consoles.serverByUuid(uuid)!.signals).toHaveLength(4);
  });

  it('answers the resources, and 502 while the panel is down', async () => {
    const { user, service } = await gameServer();
    const res = await request(app).get(`/api/services/${service.id}/resources`).set('Authorization', bearer(user.id)).expect(200);
    expect(res.body.resources).toEqual({
      state: 'running',
      cpuPercent: 42.5,
      memoryBytes: 1_073_741_824,
      memoryLimitBytes: 4096 * 1024 * 1024,
      diskBytes: 536_870_912,
      diskLimitBytes: 20480 * 1024 * 1024,
      networkRxBytes: 1024,
      networkTxBytes: 2048,
      uptimeSeconds: expect.any(Number),
    });
    fake.down(true);
    try {
      const down = await request(app).get(`/api/services/${service.id}/resources`).set('Authorization', bearer(user.id)).expect(502);
      expect(down.body.error).toBe('panel_unavailable');
    } finally {
      fake.down(false);
    }
  });

  it('answers 503 panel_client_key_missing when the panel has no client key', async () => {
    const { user, service } = await gameServer();
    const keyless = createTestApp(db(), { clock, config: { pterodactyl: { url: fake.url, applicationKey: fake.applicationKey } } });
    const res = await request(keyless)
      .post(`/api/services/${service.id}/power`)
      .set('Authorization', bearer(user.id))
      .send({ signal: 'start' })
      .expect(503);
    expect(res.body.error).toBe('panel_client_key_missing');
  });

  it('limits power signals per service per minute', async () => {
    const { user, service } = await gameServer();
    const statuses = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push(
        (await request(app).post(`/api/services/${service.id}/power`).set('Authorization', bearer(user.id)).send({ signal: 'start' }))
          .status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('without a panel (npm start, the demo)', () => {
  it('the sandbox console answers a command over the same socket', async () => {
    const sandboxApp = createTestApp(db(), { clock });
    const sandbox = createServer(sandboxApp);
    attachUpgrades(sandbox, sandboxApp);
    await new Promise<void>((resolve) => sandbox.listen(0, '127.0.0.1', resolve));
    try {
      const user = await buyer(db());
      const { service } = await buildDeliveredGameServer(db(), user.id, { panelServerId: 999_001 });
      const ticket = (
        await request(sandboxApp).post(`/api/services/${service.id}/console/ticket`).set('Authorization', bearer(user.id)).expect(201)
      ).body.ticket as string;
      const ws = new WebSocket(`ws://127.0.0.1:${(sandbox.address() as AddressInfo).port}/api/services/${service.id}/console`, {
        origin: TEST_PUBLIC_URL,
      });
      const messages: Message[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(JSON.stringify({ event: 'auth', args: [ticket] }));
      for (let i = 0; i < 100 && !messages.some((m) => m.event === 'status'); i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(messages.slice(0, 2)).toEqual([{ event: 'auth success' }, { event: 'status', args: ['running'] }]);
      ws.send(JSON.stringify({ event: 'send command', args: ['say salut'] }));
      for (let i = 0; i < 100 && !messages.some((m) => m.args?.[0]?.endsWith('[Server] salut')); i += 1)
        await new Promise((r) => setTimeout(r, 20));
      expect(messages.map((m) => m.args?.[0] ?? '').filter((line) => line.includes('salut'))).toEqual([
        expect.stringMatching(/INFO\]: > say salut$/),
        expect.stringMatching(/INFO\]: \[Server\] salut$/),
      ]);
      ws.close();
    } finally {
      sandbox.closeAllConnections();
      await new Promise((resolve) => sandbox.close(resolve));
    }
  });
});
