// The console socket: GET /websocket answers a token valid 10 minutes on the fake's clock and the
// node's socket address (WebsocketController), and the fake serves that socket itself at
// /api/servers/{uuid}/ws, speaking Wings' protocol: `auth` → `auth success` + `status`; `send
// command` echoed in `console output`; `set state`; `send logs`; `send stats`; `stats` (one JSON
// string argument) on every tick; `token expiring` within a minute of the token's end, `token
// expired` and the socket closed after it; a token it did not issue, or for another server: `jwt error`.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Answer } from '../pterodactyl-wire';
import type { ClientApiState, ClientCall } from './index';
import { runtimeOf, type FakeNodeServer } from './runtime';

/** Wings warns this long before the token's end. */
const EXPIRING_WITHIN_MS = 60_000;

export interface FakeConsoles {
  /** Authenticated sockets open now. */
  open(): number;
  /** Sends stats and checks every token now (it also runs on its own every `tickMs`). */
  tick(): void;
  /** Every `auth` the fake node received (a renewal is a second one on the same socket). */
  readonly auths: { uuid: string; token: string; accepted: boolean }[];
  /** The node's side of each server: state, log, commands received, signals. */
  serverByUuid(uuid: string): FakeNodeServer | undefined;
  /** Closes every socket (the node went away). */
  dropAll(): void;
}

interface Connection {
  socket: WebSocket;
  uuid: string;
  token: string | null;
  warned: boolean;
  detach: (() => void) | null;
}

export function websocketArea(call: ClientCall, state: ClientApiState): Answer | undefined {
  if (call.parts.length !== 1 || call.parts[0] !== 'websocket' || call.method !== 'GET') return undefined;
  const token = runtimeOf(state).issueToken(call.server);
  const socket = `${state.url().replace(/^http/, 'ws')}/api/servers/${call.server.uuid}/ws`;
  return { status: 200, body: { data: { token, socket } } };
}

export function createFakeConsoles(state: ClientApiState, options: { tickMs?: number } = {}) {
  const runtime = runtimeOf(state);
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Set<Connection>();
  const auths: FakeConsoles['auths'] = [];

  const send = (c: Connection, event: string, args?: string[]) => {
    if (c.socket.readyState === c.socket.OPEN) c.socket.send(JSON.stringify(args ? { event, args } : { event }));
  };
  const nodeOf = (uuid: string) => {
    const server = [...state.servers.values()].find((s) => s.uuid === uuid);
    return server ? runtime.serverOf(server) : undefined;
  };

  function authenticate(c: Connection, token: string) {
    const known = runtime.tokens.get(token);
    const accepted = Boolean(known && known.uuid === c.uuid && known.expiresAt > state.clock.now());
    auths.push({ uuid: c.uuid, token, accepted });
    if (!known || known.uuid !== c.uuid) return send(c, 'jwt error', ['jwt: signature is invalid']);
    if (known.expiresAt <= state.clock.now()) return send(c, 'jwt error', ['jwt: exp claim is invalid']);
    const renewal = c.token !== null;
    c.token = token;
    c.warned = false;
    send(c, 'auth success');
    if (renewal) return;
    const node = nodeOf(c.uuid)!;
    const listener = (event: string, args?: string[]) => send(c, event, args);
    node.listeners.add(listener);
    c.detach = () => node.listeners.delete(listener);
    send(c, 'status', [node.state]);
  }

  function receive(c: Connection, raw: string) {
    let message: { event?: unknown; args?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return;
    }
    const args = Array.isArray(message.args) ? message.args.map(String) : [];
    if (message.event === 'auth') return authenticate(c, args[0] ?? '');
    // Wings ignores anything before a valid `auth`.
    if (c.token === null) return;
    const node = nodeOf(c.uuid);
    if (!node) return;
    switch (message.event) {
      case 'send command':
        if (node.state === 'offline') return;
        node.commands.push(args[0] ?? '');
        runtime.say(node, `> ${args[0] ?? ''}`);
        runtime.say(node, `[Server thread/INFO]: ran ${args[0] ?? ''}`);
        return;
      case 'set state':
        return runtime.power(node, args[0] ?? '');
      case 'send logs':
        for (const line of node.log.slice(-100)) send(c, 'console output', [line]);
        return;
      case 'send stats':
        return send(c, 'stats', [JSON.stringify(runtime.statsOf(node))]);
    }
  }

  function tick() {
    const now = state.clock.now().getTime();
    for (const c of connections) {
      if (c.token === null) continue;
      const expiresAt = runtime.tokens.get(c.token)?.expiresAt.getTime() ?? 0;
      if (expiresAt <= now) {
        send(c, 'token expired');
        c.socket.close(4001, 'token expired');
        continue;
      }
      if (expiresAt - now <= EXPIRING_WITHIN_MS && !c.warned) {
        c.warned = true;
        send(c, 'token expiring');
      }
      const node = nodeOf(c.uuid);
      if (node) send(c, 'stats', [JSON.stringify(runtime.statsOf(node))]);
    }
  }
  const ticker = setInterval(tick, options.tickMs ?? 1000);
  ticker.unref();

  return {
    /** The HTTP server's `upgrade` at /api/servers/{uuid}/ws; false for another path. */
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const match = /^\/api\/servers\/([0-9a-f-]{36})\/ws$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
      if (!match) return false;
      // Wings checks the Origin against the panel's address.
      if (req.headers.origin !== state.url() || !nodeOf(match[1]!)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const c: Connection = { socket: ws, uuid: match[1]!, token: null, warned: false, detach: null };
        connections.add(c);
        ws.on('message', (data) => receive(c, data.toString()));
        ws.on('close', () => {
          connections.delete(c);
          c.detach?.();
        });
      });
      return true;
    },
    consoles: {
      open: () => [...connections].filter((c) => c.token !== null).length,
      tick,
      auths,
      serverByUuid: (uuid: string) => nodeOf(uuid),
      dropAll() {
        for (const c of connections) c.socket.terminate();
      },
    } satisfies FakeConsoles,
    close() {
      clearInterval(ticker);
      for (const c of connections) c.socket.terminate();
      wss.close();
    },
  };
}
