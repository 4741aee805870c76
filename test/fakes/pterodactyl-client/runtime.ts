// What the fake node (Wings) keeps per server while the fake runs: its power state, its log, the
// commands it was sent, the consoles open on it and the socket tokens the panel handed out. One
// runtime per fake panel (keyed by its client API's state), shared by power.ts and websocket.ts.
import { randomBytes } from 'node:crypto';
import type { ClientApiState } from './index';
import type { FakePanelServer } from '../pterodactyl';

export type FakePowerState = 'offline' | 'starting' | 'running' | 'stopping';

export interface FakeNodeServer {
  state: FakePowerState;
  /** On the fake's clock. */
  startedAt: Date | null;
  log: string[];
  commands: string[];
  signals: string[];
  /** Open, authenticated consoles on it: each gets every event. */
  listeners: Set<(event: string, args?: string[]) => void>;
}

export interface FakeSocketToken {
  uuid: string;
  expiresAt: Date;
}

export interface FakeNodeRuntime {
  servers: Map<string, FakeNodeServer>;
  tokens: Map<string, FakeSocketToken>;
  serverOf(server: FakePanelServer): FakeNodeServer;
  issueToken(server: FakePanelServer): string;
  setState(node: FakeNodeServer, state: FakePowerState): void;
  say(node: FakeNodeServer, line: string): void;
  power(node: FakeNodeServer, signal: string): void;
  statsOf(node: FakeNodeServer): Record<string, unknown>;
}

/** How long a socket token lasts (WebsocketController: now + 10 minutes). */
export const TOKEN_LIFETIME_MS = 10 * 60_000;
/** A start or stop takes this long (real time: keep it short), as the node boots the container. */
export const FAKE_STEP_MS = 30;

const runtimes = new WeakMap<ClientApiState, FakeNodeRuntime>();

export function runtimeOf(state: ClientApiState): FakeNodeRuntime {
  const found = runtimes.get(state);
  if (found) return found;
  const servers = new Map<string, FakeNodeServer>();
  const tokens = new Map<string, FakeSocketToken>();

  const emit = (node: FakeNodeServer, event: string, args?: string[]) => {
    for (const listener of node.listeners) listener(event, args);
  };
  const runtime: FakeNodeRuntime = {
    servers,
    tokens,
    serverOf(server) {
      let node = servers.get(server.uuid);
      if (!node) {
        // Installed servers start on completion; one still installing (or failed) is offline.
        const up = state.statusOf(server) === null;
        node = {
          state: up ? 'running' : 'offline',
          startedAt: up ? state.clock.now() : null,
          log: [],
          commands: [],
          signals: [],
          listeners: new Set(),
        };
        servers.set(server.uuid, node);
      }
      return node;
    },
    issueToken(server) {
      // A JWT in shape (three dot-separated parts); the fake only needs it unguessable.
      const token = ['eyJhbGciOiJIUzI1NiJ9', randomBytes(24).toString('base64url'), randomBytes(16).toString('base64url')].join('.');
      tokens.set(token, { uuid: server.uuid, expiresAt: new Date(state.clock.now().getTime() + TOKEN_LIFETIME_MS) });
      return token;
    },
    setState(node, next) {
      node.state = next;
      if (next === 'running') node.startedAt = state.clock.now();
      if (next === 'offline') node.startedAt = null;
      emit(node, 'status', [next]);
    },
    say(node, line) {
      node.log.push(line);
      emit(node, 'console output', [line]);
    },
    power(node, signal) {
      node.signals.push(signal);
      const later = (run: () => void) => setTimeout(run, FAKE_STEP_MS).unref();
      if (signal === 'kill') return runtime.setState(node, 'offline');
      if (signal === 'stop') {
        if (node.state === 'offline') return;
        runtime.setState(node, 'stopping');
        return later(() => runtime.setState(node, 'offline'));
      }
      const boot = () => {
        runtime.setState(node, 'starting');
        later(() => {
          runtime.say(node, 'Done (1.000s)! For help, type "help"');
          runtime.setState(node, 'running');
        });
      };
      if (signal === 'start') return node.state === 'offline' ? boot() : undefined;
      // restart
      if (node.state === 'offline') return boot();
      runtime.setState(node, 'stopping');
      later(() => {
        runtime.setState(node, 'offline');
        boot();
      });
    },
    statsOf(node) {
      const up = node.state === 'running';
      return {
        memory_bytes: up ? 1_073_741_824 : 0,
        memory_limit_bytes: 4_294_967_296,
        cpu_absolute: up ? 42.5 : 0,
        network: { rx_bytes: up ? 1024 : 0, tx_bytes: up ? 2048 : 0 },
        state: node.state,
        uptime: up && node.startedAt ? state.clock.now().getTime() - node.startedAt.getTime() : 0,
        disk_bytes: 536_870_912,
      };
    },
  };
  runtimes.set(state, runtime);
  return runtime;
}
