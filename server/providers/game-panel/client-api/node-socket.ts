import WebSocket from 'ws';
import { GamePanelRefused, GamePanelUnavailable } from '../types';
import { CUSTOMER_REQUESTS, RELAYED_EVENTS, type ConsoleMessage, type ConsoleSession } from './console-types';

// The node's (Wings') console socket, as the panel's own browser code drives it
// (resources/scripts/plugins/Websocket.ts, components/server/WebsocketHandler.tsx): `auth` with the
// token from GET /websocket, a fresh token sent the same way on `token expiring` or `token expired`,
// then `{event, args}` both ways. The token stays here: only RELAYED_EVENTS leave.

export interface NodeSocketOptions {
  /** The panel's address: Wings refuses another Origin. */
  origin: string;
  /** GET /api/client/servers/{id}/websocket: asked on open and on every renewal. */
  credentials: () => Promise<{ token: string; socket: string }>;
  timeoutMs: number;
}

const parse = (data: WebSocket.RawData): ConsoleMessage | null => {
  try {
    const value = JSON.parse(data.toString()) as { event?: unknown; args?: unknown };
    if (typeof value.event !== 'string') return null;
    const args = Array.isArray(value.args) ? value.args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))) : undefined;
    return args ? { event: value.event, args } : { event: value.event };
  } catch {
    return null;
  }
};

export async function openNodeSocket(options: NodeSocketOptions): Promise<ConsoleSession> {
  const first = await options.credentials();
  const socket = new WebSocket(first.socket, { origin: options.origin, handshakeTimeout: options.timeoutMs });
  const messageListeners: ((message: ConsoleMessage) => void)[] = [];
  const closeListeners: ((reason: string) => void)[] = [];
  let closed = false;
  let renewing = false;

  const sendRaw = (event: string, args: string[]) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ event, args }));
  };
  const end = (reason: string) => {
    if (closed) return;
    closed = true;
    socket.terminate();
    for (const listener of closeListeners) listener(reason);
  };

  // One renewal at a time: `token expiring` and `token expired` may both come before the answer.
  const renew = () => {
    if (renewing) return;
    renewing = true;
    options
      .credentials()
      .then(({ token }) => sendRaw('auth', [token]))
      .catch(() => end('token_renewal_failed'))
      .finally(() => {
        renewing = false;
      });
  };

  let authenticated = false;
  // What the node says between `auth success` and the caller's first listener waits here.
  let pending: ConsoleMessage[] | null = [];
  const relay = (message: ConsoleMessage) => {
    if (pending) pending.push(message);
    else for (const listener of messageListeners) listener(message);
  };

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new GamePanelUnavailable(`the node's console did not authenticate within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      if (!authenticated) reject(err);
    };
    socket.once('open', () => sendRaw('auth', [first.token]));
    socket.once('unexpected-response', (_req, res) => {
      socket.terminate();
      fail(new GamePanelUnavailable(`the node refused the console socket (${res.statusCode ?? 'no status'})`));
    });
    socket.on('error', (err) => {
      if (authenticated) return end('node_error');
      fail(new GamePanelUnavailable(`the node's console could not be reached: ${err.message}`, err));
    });
    socket.on('close', () => {
      if (authenticated) return end('node_closed');
      fail(new GamePanelUnavailable("the node's console closed before it authenticated"));
    });
    socket.on('message', (data) => {
      const message = parse(data);
      if (!message) return;
      if (!authenticated) {
        if (message.event === 'auth success') {
          authenticated = true;
          clearTimeout(timer);
          resolve();
        } else if (message.event === 'jwt error') {
          socket.terminate();
          fail(new GamePanelRefused(403, [{ code: 'JwtError', detail: `the node refused the token: ${message.args?.[0] ?? ''}` }]));
        }
        return;
      }
      if (message.event === 'token expiring' || message.event === 'token expired') return renew();
      if (message.event === 'jwt error') return end('jwt_error');
      if (RELAYED_EVENTS.has(message.event)) relay(message);
    });
  });

  return {
    onMessage(listener) {
      messageListeners.push(listener);
      const waiting = pending ?? [];
      pending = null;
      for (const message of waiting) listener(message);
    },
    onClose: (listener) => void closeListeners.push(listener),
    send(message) {
      if (closed || !CUSTOMER_REQUESTS.has(message.event)) return;
      sendRaw(message.event, (message.args ?? []).slice(0, 1));
    },
    close: () => end('closed'),
  };
}
