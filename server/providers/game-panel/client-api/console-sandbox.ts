import { systemClock } from '../../../clock/clock';
import type { ConsoleMessage, ConsoleSession, GameConsolePanel, GamePowerState, GameResources, PowerSignal } from './console-types';
import { CUSTOMER_REQUESTS } from './console-types';
import { answerTo, BOOT_LOG, STOP_LOG } from './sandbox-minecraft-log';

// The console without a panel (npm start, tests): each server lives in this process, starts and stops
// in a few seconds, echoes commands with a Minecraft server's answers, streams its log and reports its
// stats every few seconds, as the node's socket does.

export interface SandboxConsoleOptions {
  /** How long a start (and a stop) takes; 3 s unless told. */
  stepMs?: number;
  /** How often stats are sent to open consoles; 3 s unless told. */
  statsEveryMs?: number;
  /** The time its log lines and uptime read. */
  now?: () => Date;
}

interface SandboxServer {
  state: GamePowerState;
  startedAt: number | null;
  log: string[];
  listeners: Set<(message: ConsoleMessage) => void>;
  timers: NodeJS.Timeout[];
  rx: number;
  tx: number;
}

const GB = 1024 ** 3;
const KEPT_LINES = 150;

export function createSandboxConsolePanel(options: SandboxConsoleOptions = {}): GameConsolePanel {
  const stepMs = options.stepMs ?? 3000;
  const statsEveryMs = options.statsEveryMs ?? 3000;
  const servers = new Map<string, SandboxServer>();
  const now = options.now ?? (() => systemClock.now());
  const stamp = () => now().toISOString().slice(11, 19);

  function serverOf(identifier: string): SandboxServer {
    let server = servers.get(identifier);
    if (!server) {
      // A delivered server is running, as the panel starts it when its install ends.
      server = {
        state: 'running',
        startedAt: now().getTime() - 3_600_000,
        log: [],
        listeners: new Set(),
        timers: [],
        rx: 48 * 1024 ** 2,
        tx: 95 * 1024 ** 2,
      };
      for (const line of BOOT_LOG) server.log.push(`[${stamp()} INFO]: ${line}`);
      servers.set(identifier, server);
    }
    return server;
  }

  const emit = (server: SandboxServer, message: ConsoleMessage) => {
    for (const listener of server.listeners) listener(message);
  };
  const say = (server: SandboxServer, line: string, level = 'INFO') => {
    const text = `[${stamp()} ${level}]: ${line}`;
    server.log.push(text);
    if (server.log.length > KEPT_LINES) server.log.splice(0, server.log.length - KEPT_LINES);
    emit(server, { event: 'console output', args: [text] });
  };
  const setState = (server: SandboxServer, state: GamePowerState) => {
    server.state = state;
    if (state === 'running') server.startedAt = now().getTime();
    if (state === 'offline') server.startedAt = null;
    emit(server, { event: 'status', args: [state] });
  };
  const later = (server: SandboxServer, ms: number, run: () => void) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    server.timers.push(timer);
  };
  const clearTimers = (server: SandboxServer) => {
    for (const timer of server.timers) clearTimeout(timer);
    server.timers = [];
  };

  function start(server: SandboxServer) {
    if (server.state !== 'offline') return;
    setState(server, 'starting');
    emit(server, { event: 'daemon message', args: ['Server marked as starting...'] });
    BOOT_LOG.forEach((line, index) => later(server, ((index + 1) * stepMs) / (BOOT_LOG.length + 1), () => say(server, line)));
    later(server, stepMs, () => setState(server, 'running'));
  }

  function stop(server: SandboxServer, then?: () => void) {
    if (server.state === 'offline' || server.state === 'stopping') return;
    clearTimers(server);
    setState(server, 'stopping');
    STOP_LOG.forEach((line, index) => later(server, ((index + 1) * stepMs) / (STOP_LOG.length + 2), () => say(server, line)));
    later(server, stepMs / 2, () => {
      setState(server, 'offline');
      then?.();
    });
  }

  function signal(server: SandboxServer, what: PowerSignal) {
    if (what === 'start') return start(server);
    if (what === 'stop') return stop(server);
    if (what === 'restart') {
      if (server.state === 'offline') return start(server);
      return stop(server, () => start(server));
    }
    clearTimers(server);
    if (server.state !== 'offline') {
      emit(server, { event: 'daemon message', args: ['Server marked as offline...'] });
      setState(server, 'offline');
    }
  }

  function resourcesOf(server: SandboxServer): GameResources {
    const up = server.state === 'running' || server.state === 'stopping';
    const uptimeSeconds = up && server.startedAt ? Math.floor((now().getTime() - server.startedAt) / 1000) : 0;
    if (up) {
      server.rx += Math.floor(Math.random() * 40_000);
      server.tx += Math.floor(Math.random() * 90_000);
    }
    return {
      state: server.state,
      cpuPercent: up ? Math.round((18 + Math.random() * 30) * 10) / 10 : server.state === 'starting' ? 95.5 : 0,
      memoryBytes: up ? Math.floor(1.6 * GB + Math.random() * 0.3 * GB) : server.state === 'starting' ? Math.floor(0.7 * GB) : 0,
      memoryLimitBytes: 4 * GB,
      diskBytes: Math.floor(1.2 * GB),
      diskLimitBytes: 20 * GB,
      networkRxBytes: server.rx,
      networkTxBytes: server.tx,
      uptimeSeconds,
    };
  }

  const statsMessage = (server: SandboxServer): ConsoleMessage => {
    const r = resourcesOf(server);
    // Wings' shape: one JSON string argument.
    const stats = {
      state: r.state,
      cpu_absolute: r.cpuPercent,
      memory_bytes: r.memoryBytes,
      memory_limit_bytes: r.memoryLimitBytes,
      disk_bytes: r.diskBytes,
      network: { rx_bytes: r.networkRxBytes, tx_bytes: r.networkTxBytes },
      uptime: r.uptimeSeconds * 1000,
    };
    return { event: 'stats', args: [JSON.stringify(stats)] };
  };

  return {
    mode: 'sandbox',
    async power(identifier, what) {
      signal(serverOf(identifier), what);
    },
    async resources(identifier) {
      return resourcesOf(serverOf(identifier));
    },
    async openConsole(identifier): Promise<ConsoleSession> {
      const server = serverOf(identifier);
      const messageListeners: ((message: ConsoleMessage) => void)[] = [];
      const closeListeners: ((reason: string) => void)[] = [];
      let closed = false;
      const relay = (message: ConsoleMessage) => {
        for (const listener of messageListeners) listener(message);
      };
      server.listeners.add(relay);
      const ticker = setInterval(() => relay(statsMessage(server)), statsEveryMs);
      ticker.unref();
      // As Wings after `auth success`: the state first.
      setImmediate(() => relay({ event: 'status', args: [server.state] }));
      return {
        onMessage: (listener) => void messageListeners.push(listener),
        onClose: (listener) => void closeListeners.push(listener),
        send(message) {
          if (closed || !CUSTOMER_REQUESTS.has(message.event)) return;
          const arg = message.args?.[0] ?? '';
          if (message.event === 'send logs') for (const line of server.log) relay({ event: 'console output', args: [line] });
          else if (message.event === 'send stats') relay(statsMessage(server));
          else if (message.event === 'set state' && (['start', 'stop', 'restart', 'kill'] as string[]).includes(arg))
            signal(server, arg as PowerSignal);
          else if (message.event === 'send command') {
            if (server.state !== 'running') return;
            say(server, `> ${arg}`);
            for (const line of answerTo(arg)) say(server, line);
          }
        },
        close() {
          if (closed) return;
          closed = true;
          clearInterval(ticker);
          server.listeners.delete(relay);
          for (const listener of closeListeners) listener('closed');
        },
      };
    },
  };
}
