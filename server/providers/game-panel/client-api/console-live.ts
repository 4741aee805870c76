import { createPanelCall } from '../panel-call';
import { GamePanelUnavailable } from '../types';
import { openNodeSocket } from './node-socket';
import type { GameConsolePanel, GamePowerState, GameResources, PowerSignal } from './console-types';

// Power, resources and console through Pterodactyl's client API (routes/api-client.php), with a
// panel administrator's client key: POST /servers/{id}/power, GET /servers/{id}/resources
// (StatsTransformer), GET /servers/{id}/websocket for the node socket's token.

export interface LiveConsoleConfig {
  /** The panel's address (PTERODACTYL_URL), without /api/client. */
  url: string;
  /** `ptlc_…`: a panel administrator's client key. */
  clientKey: string;
  panelName?: string;
  timeoutMs?: number;
}

interface StatsAttributes {
  current_state: string;
  is_suspended: boolean;
  resources: {
    memory_bytes: number;
    cpu_absolute: number;
    disk_bytes: number;
    network_rx_bytes: number;
    network_tx_bytes: number;
    /** Milliseconds, as Wings counts it. */
    uptime: number;
  };
}

interface ServerAttributes {
  limits: { memory: number; disk: number };
}

const MB = 1024 * 1024;
const STATES: readonly GamePowerState[] = ['offline', 'starting', 'running', 'stopping'];

export const stateOf = (value: unknown): GamePowerState =>
  STATES.includes(value as GamePowerState) ? (value as GamePowerState) : 'offline';

export function createLiveConsolePanel(config: LiveConsoleConfig): GameConsolePanel {
  const origin = config.url.replace(/\/+$/, '');
  const panelName = config.panelName ?? 'Pterodactyl';
  const call = createPanelCall({
    base: `${origin}/api/client`,
    key: config.clientKey,
    keyKind: 'client',
    panelName,
    timeoutMs: config.timeoutMs ?? 10_000,
  });
  const server = (identifier: string) => `/servers/${encodeURIComponent(identifier)}`;

  async function credentials(identifier: string): Promise<{ token: string; socket: string }> {
    const answer = await call<{ data?: { token?: string; socket?: string } }>('GET', `${server(identifier)}/websocket`, {
      missing: `server ${identifier}`,
    });
    const token = answer?.data?.token;
    const socket = answer?.data?.socket;
    if (!token || !socket) throw new GamePanelUnavailable(`GET /websocket: ${panelName} answered without a token or a socket`);
    return { token, socket };
  }

  return {
    mode: 'live',
    async power(identifier: string, signal: PowerSignal) {
      await call('POST', `${server(identifier)}/power`, { body: { signal }, missing: `server ${identifier}` });
    },
    async resources(identifier: string): Promise<GameResources> {
      const [stats, details] = await Promise.all([
        call<{ attributes?: StatsAttributes }>('GET', `${server(identifier)}/resources`, { missing: `server ${identifier}` }),
        call<{ attributes?: ServerAttributes }>('GET', server(identifier), { missing: `server ${identifier}` }),
      ]);
      const attributes = stats?.attributes;
      if (!attributes?.resources) throw new GamePanelUnavailable(`GET /resources: ${panelName} answered without resources`);
      const r = attributes.resources;
      const limits = details?.attributes?.limits;
      return {
        state: stateOf(attributes.current_state),
        cpuPercent: Math.round(Number(r.cpu_absolute) * 10) / 10,
        memoryBytes: Number(r.memory_bytes),
        // 0 is "unlimited" on the panel.
        memoryLimitBytes: limits?.memory ? limits.memory * MB : null,
        diskBytes: Number(r.disk_bytes),
        diskLimitBytes: limits?.disk ? limits.disk * MB : null,
        networkRxBytes: Number(r.network_rx_bytes),
        networkTxBytes: Number(r.network_tx_bytes),
        uptimeSeconds: Math.floor(Number(r.uptime) / 1000),
      };
    },
    async openConsole(identifier: string) {
      // Wings only accepts a socket whose Origin is the panel's own address.
      return openNodeSocket({ origin, credentials: () => credentials(identifier), timeoutMs: config.timeoutMs ?? 10_000 });
    },
  };
}
