// The live side of a game server on the panel (issue 33): its power, its resources and its console,
// named by the panel's short identifier (services.panel_identifier). Pterodactyl's client API and
// the node's (Wings') socket when a client key is set; a sandbox server in this process otherwise.

export const POWER_SIGNALS = ['start', 'stop', 'restart', 'kill'] as const;
export type PowerSignal = (typeof POWER_SIGNALS)[number];

/** Wings' states (`status` on the socket, `current_state` in /resources). */
export type GamePowerState = 'offline' | 'starting' | 'running' | 'stopping';

export interface GameResources {
  state: GamePowerState;
  /** Of one core: 150 is one core and a half, as the panel counts it. */
  cpuPercent: number;
  memoryBytes: number;
  /** The server's own limit; null when the panel gives none (unlimited). */
  memoryLimitBytes: number | null;
  diskBytes: number;
  diskLimitBytes: number | null;
  networkRxBytes: number;
  networkTxBytes: number;
  uptimeSeconds: number;
}

/** One message of the node's socket: `{ event, args }` (resources/scripts/plugins/Websocket.ts). */
export interface ConsoleMessage {
  event: string;
  args?: string[];
}

/** What a console relays to the customer: the node's own events, nothing about its token. */
export const RELAYED_EVENTS = new Set([
  'console output',
  'status',
  'stats',
  'install output',
  'install started',
  'install completed',
  'daemon message',
  'daemon error',
]);

/** What the customer may ask of the node through it (components/server/events.ts, plus commands). */
export const CUSTOMER_REQUESTS = new Set(['send command', 'set state', 'send logs', 'send stats']);

/** An open console on one server, already authenticated to the node. */
export interface ConsoleSession {
  /** Every relayed event from the node, in order. */
  onMessage(listener: (message: ConsoleMessage) => void): void;
  /** Once, when the node's socket ended (or could not renew its token). */
  onClose(listener: (reason: string) => void): void;
  /** A customer request (CUSTOMER_REQUESTS); anything else is dropped. */
  send(message: ConsoleMessage): void;
  close(): void;
}

export interface GameConsolePanel {
  readonly mode: 'live' | 'sandbox';
  power(identifier: string, signal: PowerSignal): Promise<void>;
  resources(identifier: string): Promise<GameResources>;
  /** Resolves once the node said `auth success`. */
  openConsole(identifier: string): Promise<ConsoleSession>;
}

/** The live panel is set without PTERODACTYL_CLIENT_KEY: the console cannot be reached. */
export class GameConsoleNotConfigured extends Error {
  constructor() {
    super('PTERODACTYL_CLIENT_KEY is not set: the game console, power and resources need a client key');
    this.name = 'GameConsoleNotConfigured';
  }
}
