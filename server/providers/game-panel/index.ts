import type { Knex } from 'knex';
import { createPterodactylAdapter, type PterodactylAdapterConfig } from './pterodactyl';
import { createSandboxGamePanel, type SandboxPanelOptions } from './sandbox';
import type { GamePanelAdapter } from './types';

export type { PterodactylAdapterConfig } from './pterodactyl';
export type { SandboxPanelOptions } from './sandbox';

export interface GamePanelConfig {
  /** Set (by server/config.ts) only when PTERODACTYL_URL and PTERODACTYL_APPLICATION_KEY are. */
  pterodactyl?: PterodactylAdapterConfig;
  /** The sandbox's install time (tests, bench); the clock comes with the deps. */
  gamePanelSandbox?: Pick<SandboxPanelOptions, 'installMs'>;
}

/** The Pterodactyl (or Pelican) panel when its key is set, the sandbox panel (its own tables) otherwise. */
export function createGamePanel(config: GamePanelConfig, deps: { db: Knex; now?: () => Date }): GamePanelAdapter {
  if (config.pterodactyl) return createPterodactylAdapter(config.pterodactyl);
  return createSandboxGamePanel(deps.db, { ...config.gamePanelSandbox, ...(deps.now ? { now: deps.now } : {}) });
}
