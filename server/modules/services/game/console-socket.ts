import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { HttpError } from '../../../http/errors';
import { CUSTOMER_REQUESTS, type ConsoleSession, type GameConsolePanel } from '../../../providers/game-panel/client-api/index';
import { CONSOLE_CLOSE_CODE, POWER_SIGNALS, type ConsoleError, type PowerSignal } from '../../../../shared/schemas/game-console';
import type { ConsoleLimit } from './console-limit';
import { panelFailure, type GameConsole } from './game-console.service';

// The console socket on our own origin (issue 33): /api/services/{id}/console. An Origin other than
// the shop's is refused at the upgrade. The browser's first message is `auth` with its ticket; until
// the ticket is redeemed and the node's socket authenticated nothing is relayed, then `auth success`
// and the node's events (only those, never its token), and the customer's requests to the node.

const PATH = /^\/api\/services\/(\d{1,12})\/console$/;
/** The ticket must come this soon after the socket opens. */
const AUTH_WITHIN_MS = 10_000;
/** A person typing commands: 30 messages in 10 s is plenty; more is a script. */
const MESSAGES_PER_WINDOW = 30;
const WINDOW_MS = 10_000;
const MAX_COMMAND_LENGTH = 1000;
/** A ping this often keeps proxies (ingress-nginx reads time out after 60 s) from closing a quiet console, and finds dead ones. */
const HEARTBEAT_MS = 25_000;

interface Deps {
  console: GameConsole;
  panel: GameConsolePanel;
  limit: ConsoleLimit;
  publicUrl: string;
  logger: Logger;
  /** True once the instance is shutting down: open consoles are closed (the browser reconnects elsewhere). */
  draining?: () => boolean;
}

const parse = (data: RawData): { event: string; args: unknown[] } | null => {
  try {
    const value = JSON.parse(data.toString()) as { event?: unknown; args?: unknown };
    if (typeof value.event !== 'string') return null;
    return { event: value.event, args: Array.isArray(value.args) ? value.args : [] };
  } catch {
    return null;
  }
};

const errorCodeOf = (err: unknown): ConsoleError => {
  const mapped = panelFailure(err);
  if (mapped instanceof HttpError) {
    if (mapped.code === 'service_suspended' || mapped.code === 'service_terminated' || mapped.code === 'panel_client_key_missing')
      return mapped.code;
    if (mapped.code === 'service_not_found') return 'ticket_invalid';
  }
  return 'panel_unavailable';
};

export function createConsoleSockets(deps: Deps) {
  const origin = new URL(deps.publicUrl).origin;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 });
  const open = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();
  /** Each open console's place among its customer's (console_sessions). */
  const places = new Map<WebSocket, string>();

  function serve(ws: WebSocket, serviceId: number, ip: string | undefined) {
    open.add(ws);
    watch();
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    let phase: 'waiting' | 'opening' | 'open' | 'closed' = 'waiting';
    let session: ConsoleSession | null = null;
    let holder: number | null = null;
    // The pace of messages, on a monotonic timer (not a date the clock would give).
    let windowStart = performance.now();
    let inWindow = 0;

    const send = (event: string, args?: string[]) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(args ? { event, args } : { event }));
    };
    const fail = (code: ConsoleError) => {
      send('console error', [code]);
      ws.close(CONSOLE_CLOSE_CODE, code);
    };
    const release = () => {
      const place = places.get(ws);
      places.delete(ws);
      if (place)
        deps.limit.release(place).catch((err: unknown) => deps.logger.error({ err, serviceId }, 'a closed console was not released'));
    };
    const authTimer = setTimeout(() => phase === 'waiting' && fail('auth_timeout'), AUTH_WITHIN_MS);

    async function authenticate(ticket: unknown) {
      phase = 'opening';
      clearTimeout(authTimer);
      if (typeof ticket !== 'string' || ticket.length > 200) return fail('ticket_invalid');
      let redeemed;
      try {
        redeemed = await deps.console.redeem(ticket, serviceId);
      } catch (err) {
        return fail(errorCodeOf(err));
      }
      if (!redeemed) return fail('ticket_invalid');
      holder = redeemed.userId;
      let place: string | null;
      try {
        place = await deps.limit.acquire(redeemed.userId, serviceId);
      } catch (err) {
        deps.logger.error({ err, serviceId }, 'the consoles open could not be counted');
        return fail('panel_unavailable');
      }
      if (place === null) return fail('consoles_limit');
      places.set(ws, place);
      if (ws.readyState !== ws.OPEN) return release();
      try {
        session = await deps.panel.openConsole(redeemed.service.panel_identifier);
      } catch (err) {
        deps.logger.warn({ err, serviceId }, 'the game console could not reach the node');
        return fail(errorCodeOf(err));
      }
      if (ws.readyState !== ws.OPEN) return session.close();
      phase = 'open';
      send('auth success');
      session.onMessage((message) => send(message.event, message.args));
      session.onClose(() => fail('console_closed'));
      deps.logger.debug({ serviceId, userId: holder }, 'game console opened');
    }

    function request(event: string, args: unknown[]) {
      if (!session || !CUSTOMER_REQUESTS.has(event)) return;
      const arg = typeof args[0] === 'string' ? args[0] : '';
      if (event === 'send command') {
        // One line, as typed: a newline would be a second command.
        const command = arg
          .replace(/[\r\n]+/g, ' ')
          .trim()
          .slice(0, MAX_COMMAND_LENGTH);
        if (command) session.send({ event, args: [command] });
        return;
      }
      if (event === 'set state') {
        if (!(POWER_SIGNALS as readonly string[]).includes(arg)) return;
        session.send({ event, args: [arg] });
        deps.console.recordPower(holder!, serviceId, arg as PowerSignal, ip).catch((err: unknown) => {
          deps.logger.error({ err, serviceId }, 'a power signal from the console was not audited');
        });
        return;
      }
      session.send({ event });
    }

    ws.on('message', (data) => {
      const now = performance.now();
      if (now - windowStart > WINDOW_MS) {
        windowStart = now;
        inWindow = 0;
      }
      if (++inWindow > MESSAGES_PER_WINDOW) return fail('too_many_messages');
      const message = parse(data);
      if (!message) return;
      // Before its ticket, the socket takes `auth` and nothing else (as the node does with its token).
      if (phase === 'waiting') {
        if (message.event === 'auth') void authenticate(message.args[0]);
        return;
      }
      if (phase === 'open') request(message.event, message.args);
    });
    ws.on('close', () => {
      phase = 'closed';
      clearTimeout(authTimer);
      open.delete(ws);
      unwatchWhenIdle();
      session?.close();
      release();
    });
    ws.on('error', () => ws.terminate());
  }

  // Timers only while consoles are open: an app built by a test and never listened to holds none.
  let timers: NodeJS.Timeout[] = [];
  function watch() {
    if (timers.length > 0) return;
    const shutdownWatch = setInterval(() => {
      if (!deps.draining?.()) return;
      for (const ws of open) ws.close(1001, 'going away');
    }, 1000);
    const heartbeat = setInterval(() => {
      for (const ws of open) {
        // No pong since the last ping: the browser is gone without a close.
        if (!alive.get(ws)) {
          ws.terminate();
          continue;
        }
        alive.set(ws, false);
        ws.ping();
      }
      deps.limit.stillOpen([...places.values()]).catch((err: unknown) => deps.logger.error({ err }, 'open consoles were not refreshed'));
    }, HEARTBEAT_MS);
    timers = [shutdownWatch, heartbeat];
    for (const timer of timers) timer.unref();
  }
  function unwatchWhenIdle() {
    if (open.size > 0) return;
    for (const timer of timers) clearInterval(timer);
    timers = [];
  }

  return {
    /** The HTTP server's `upgrade`: true when it was ours (served or refused), false for another path. */
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const match = PATH.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
      if (!match) return false;
      if (req.headers.origin !== origin) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => serve(ws, Number(match[1]), req.socket.remoteAddress));
      return true;
    },
    /** How many sockets are open on this instance (tests). */
    openCount: () => open.size,
  };
}
