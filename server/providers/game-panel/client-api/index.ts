import { createLiveConsolePanel } from './console-live';
import { createSandboxConsolePanel, type SandboxConsoleOptions } from './console-sandbox';
import { GameConsoleNotConfigured, type GameConsolePanel } from './console-types';

export * from './console-types';
export type { SandboxConsoleOptions } from './console-sandbox';

export interface GameConsoleConfig {
  pterodactyl?: { url: string; clientKey?: string; flavour?: 'pterodactyl' | 'pelican'; timeoutMs?: number };
  gameConsoleSandbox?: SandboxConsoleOptions;
}

/**
 * The live panel's client API with its client key; the sandbox console without a panel. A live
 * panel without a client key gives a console whose every call fails GameConsoleNotConfigured (503).
 */
export function createGameConsolePanel(config: GameConsoleConfig): GameConsolePanel {
  const live = config.pterodactyl;
  if (!live) return createSandboxConsolePanel(config.gameConsoleSandbox);
  if (!live.clientKey) {
    const refuse = () => Promise.reject(new GameConsoleNotConfigured());
    return { mode: 'live', power: refuse, resources: refuse, openConsole: refuse };
  }
  return createLiveConsolePanel({
    url: live.url,
    clientKey: live.clientKey,
    panelName: live.flavour === 'pelican' ? 'Pelican' : 'Pterodactyl',
    timeoutMs: live.timeoutMs,
  });
}
