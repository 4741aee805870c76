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

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new GamePanelUnavailable(`the node's console did not authenticate within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(err);
    };
    socket.once('open', () => sendRaw('auth', [first.token]));
    socket.once('unexpected-response', (_req, res) => {
      socket.terminate();
      fail(new GamePanelUnavailable(`the node refused the console socket (${res.statusCode ?? 'no status'})`));
    });
    socket.once('error', (err) => fail(new GamePanelUnavailable(`the node's console could not be reached: ${err.message}`, err)));
    socket.once('close', () => fail(new GamePanelUnavailable("the node's console closed before it authenticated")));
    const onAuth = (data: WebSocket.RawData) => {
      const message = parse(data);
      if (message?.event === 'auth success') {
        clearTimeout(timer);
        socket.off('message', onAuth);
        socket.removeAllListeners('close');
        socket.removeAllListeners('error');
        resolve();
      } else if (message?.event === 'jwt error') {
        socket.terminate();
        fail(new GamePanelRefused(403, [{ code: 'JwtError', detail: `the node refused the token: ${message.args?.[0] ?? ''}` }]));
      }
    };
    socket.on('message', onAuth);
  });

  socket.on('message', (data) => {
    const message = parse(data);
    if (!message) return;
    if (message.event === 'token expiring' || message.event === 'token expired') return renew();
    if (message.event === 'jwt error') return end('jwt_error');
    if (!RELAYED_EVENTS.has(message.event)) return;
    for (const listener of messageListeners) listener(message);
  });
  socket.on('error', () => end('node_error'));
  socket.on('close', () => end('node_closed'));

  return {
    onMessage: (listener) => void messageListeners.push(listener),
    onClose: (listener) => void closeListeners.push(listener),
    send(message) {
      if (closed || !CUSTOMER_REQUESTS.has(message.event)) return;
      sendRaw(message.event, (message.args ?? []).slice(0, 1));
    },
    close: () => end('closed'),
  };
}
