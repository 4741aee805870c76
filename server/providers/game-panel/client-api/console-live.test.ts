import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPterodactylFake, type PterodactylFake } from '../../../../test/fakes/pterodactyl';
import { serverOnPanel } from '../../../../test/support/service-machines';
import { createPterodactylAdapter } from '../pterodactyl';
import { GamePanelRefused, GamePanelUnavailable } from '../types';
import { createGameConsolePanel, GameConsoleNotConfigured, type ConsoleMessage, type ConsoleSession } from './index';

// The live console adapter pointed at the fake panel and its fake node socket (Wings' protocol).

let fake: PterodactylFake;
let nowMs = Date.parse('2026-12-01T10:00:00Z');
const clock = { now: () => new Date(nowMs) };

beforeAll(async () => {
  fake = await startPterodactylFake({ clock, installMs: 0 });
});
afterAll(() => fake.close());

const live = () => createGameConsolePanel({ pterodactyl: { url: fake.url, clientKey: fake.clientKey, timeoutMs: 2000 } });
const newServer = async () => {
  const state = await serverOnPanel(createPterodactylAdapter({ url: fake.url, applicationKey: fake.applicationKey }));
  return { identifier: state.identifier, uuid: fake.servers.get(state.id)!.uuid };
};

/** Collects a session's messages; `until` resolves when one matches. */
function listen(session: ConsoleSession) {
  const seen: ConsoleMessage[] = [];
  const waiters: { match: (m: ConsoleMessage) => boolean; resolve: (m: ConsoleMessage) => void }[] = [];
  session.onMessage((message) => {
    seen.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const until = (match: (m: ConsoleMessage) => boolean) =>
    new Promise<ConsoleMessage>((resolve, reject) => {
      const found = seen.find(match);
      if (found) return resolve(found);
      waiters.push({ match, resolve });
      setTimeout(() => reject(new Error(`no such message; seen ${JSON.stringify(seen)}`)), 3000).unref();
    });
  return { seen, until };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe('game console on the client API', () => {
  it('sends a power signal the node receives, and reads the resources in our shape', async () => {
    const { identifier, uuid } = await newServer();
    await live().power(identifier, 'restart');
    const call = fake.requests.at(-1)!;
    expect(call).toMatchObject({
      method: 'POST',
      path: `/api/client/servers/${identifier}/power`,
      body: { signal: 'restart' },
      status: 204,
    });
    expect(call.headers.authorization).toBe(`Bearer ${fake.clientKey}`);
    expect(fake.consoles.serverByUuid(uuid)!.signals).toEqual(['restart']);

    await waitFor(() => fake.consoles.serverByUuid(uuid)!.state === 'running');
    nowMs += 90_000;
    expect(await live().resources(identifier)).toEqual({
      state: 'running',
      cpuPercent: 42.5,
      memoryBytes: 1_073_741_824,
      memoryLimitBytes: 4096 * 1024 * 1024,
      diskBytes: 536_870_912,
      diskLimitBytes: 20480 * 1024 * 1024,
      networkRxBytes: 1024,
      networkTxBytes: 2048,
      uptimeSeconds: 90,
    });
  });

  it('opens the node socket with the token, relays a command and its output, never the token', async () => {
    const { identifier, uuid } = await newServer();
    const session = await live().openConsole(identifier);
    const { seen, until } = listen(session);
    expect(await until((m) => m.event === 'status')).toEqual({ event: 'status', args: ['running'] });

    session.send({ event: 'send command', args: ['say bonjour'] });
    await until((m) => m.event === 'console output' && m.args?.[0] === '> say bonjour');
    expect(fake.consoles.serverByUuid(uuid)!.commands).toEqual(['say bonjour']);

    fake.consoles.tick();
    const stats = await until((m) => m.event === 'stats');
    expect(JSON.parse(stats.args![0]!)).toMatchObject({ state: 'running', cpu_absolute: 42.5 });

    const [auth] = fake.consoles.auths.filter((a) => a.uuid === uuid);
    expect(auth!.accepted).toBe(true);
    expect(JSON.stringify(seen)).not.toContain(auth!.token);
    expect(seen.map((m) => m.event)).not.toContain('auth success');
    session.close();
  });

  it('renews its token when the node says it is expiring, and stays open past the first token', async () => {
    const { identifier, uuid } = await newServer();
    const session = await live().openConsole(identifier);
    const { until } = listen(session);
    let closed = '';
    session.onClose((reason) => (closed = reason));

    nowMs += 9.5 * 60_000;
    fake.consoles.tick();
    await waitFor(() => fake.consoles.auths.filter((a) => a.uuid === uuid).length === 2);
    const [first, second] = fake.consoles.auths.filter((a) => a.uuid === uuid);
    expect(second!.accepted).toBe(true);
    expect(second!.token).not.toBe(first!.token);
    expect(fake.requests.filter((r) => r.path === `/api/client/servers/${identifier}/websocket`)).toHaveLength(2);

    nowMs += 2 * 60_000; // past the first token's end
    fake.consoles.tick();
    session.send({ event: 'send command', args: ['list'] });
    await until((m) => m.args?.[0] === '> list');
    expect(closed).toBe('');
    session.close();
  });

  it('fails clearly when the panel is down, and without a client key', async () => {
    const { identifier } = await newServer();
    fake.down(true, 'maintenance');
    try {
      await expect(live().power(identifier, 'start')).rejects.toBeInstanceOf(GamePanelUnavailable);
      await expect(live().openConsole(identifier)).rejects.toBeInstanceOf(GamePanelUnavailable);
    } finally {
      fake.down(false);
    }
    const keyless = createGameConsolePanel({ pterodactyl: { url: fake.url } });
    await expect(keyless.resources(identifier)).rejects.toBeInstanceOf(GameConsoleNotConfigured);
    const wrongKey = createGameConsolePanel({ pterodactyl: { url: fake.url, clientKey: 'ptlc_wrong' } });
    await expect(wrongKey.power(identifier, 'start')).rejects.toBeInstanceOf(GamePanelRefused);
  });
});

describe('the fake node socket', () => {
  const connect = (url: string, origin: string) =>
    new Promise<{ ws: WebSocket; messages: { event: string; args?: string[] }[] }>((resolve, reject) => {
      const ws = new WebSocket(url, { origin });
      const messages: { event: string; args?: string[] }[] = [];
      ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as { event: string }));
      ws.once('open', () => resolve({ ws, messages }));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    });

  it('refuses another Origin, ignores everything before auth, and refuses a token of another server', async () => {
    const a = await newServer();
    const b = await newServer();
    const credentials = async (identifier: string) =>
      (await (
        await fetch(`${fake.url}/api/client/servers/${identifier}/websocket`, { headers: { Authorization: `Bearer ${fake.clientKey}` } })
      ).json()) as {
        data: { token: string; socket: string };
      };
    const forA = await credentials(a.identifier);
    expect(forA.data.socket).toBe(`${fake.url.replace('http', 'ws')}/api/servers/${a.uuid}/ws`);
    await expect(connect(forA.data.socket, 'https://elsewhere.example')).rejects.toThrow('refused 403');

    const forB = await credentials(b.identifier);
    const { ws, messages } = await connect(forA.data.socket, fake.url);
    ws.send(JSON.stringify({ event: 'send command', args: ['op mallory'] }));
    ws.send(JSON.stringify({ event: 'auth', args: [forB.data.token] }));
    await waitFor(() => messages.length === 1);
    expect(messages).toEqual([{ event: 'jwt error', args: ['jwt: signature is invalid'] }]);
    expect(fake.consoles.serverByUuid(a.uuid)!.commands).toEqual([]);
    ws.close();
  });
});
