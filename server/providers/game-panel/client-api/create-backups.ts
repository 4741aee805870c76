import type { Knex } from 'knex';
import type { PterodactylAdapterConfig } from '../pterodactyl';
import { GameBackupsNotConfigured, type GameBackups } from './backups-types';
import { createPterodactylBackups } from './backups';
import { createSandboxBackups, type SandboxBackupsOptions } from './backups-sandbox';

/**
 * The panel's backups: Pterodactyl's client API when the panel and its client key are set, the
 * sandbox without a panel. A live panel without a client key gives an adapter that refuses every
 * call (GameBackupsNotConfigured: the routes answer 503), never the sandbox in its place.
 */
export function createGameBackups(
  config: { pterodactyl?: PterodactylAdapterConfig },
  deps: { db: Knex; now?: () => Date; sandbox?: Omit<SandboxBackupsOptions, 'now'> },
): GameBackups {
  const panel = config.pterodactyl;
  if (!panel) return createSandboxBackups(deps.db, { ...deps.sandbox, ...(deps.now ? { now: deps.now } : {}) });
  if (!panel.clientKey) return notConfigured();
  return createPterodactylBackups({
    url: panel.url,
    clientKey: panel.clientKey,
    panelName: panel.flavour === 'pelican' ? 'Pelican' : 'Pterodactyl',
    timeoutMs: panel.timeoutMs,
  });
}

function notConfigured(): GameBackups {
  const refuse = () => Promise.reject(new GameBackupsNotConfigured());
  return {
    mode: 'live',
    list: refuse,
    create: refuse,
    restore: refuse,
    download: refuse,
    remove: refuse,
    ensureDailySchedule: refuse,
  };
}
