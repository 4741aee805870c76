import type { Knex } from 'knex';
import type { PterodactylAdapterConfig } from '../pterodactyl';
import { createLiveGameFiles } from './files';
import { createSandboxGameFiles } from './files-sandbox';
import { GameFilesUnconfigured, type GameFilesAdapter } from './files-types';

export * from './files-types';

/**
 * The panel's client API when Pterodactyl is configured with its client key; the sandbox's files
 * when Pterodactyl is not configured at all. A live panel without PTERODACTYL_CLIENT_KEY cannot
 * reach a server's files: every call says so (the routes answer 503), rather than show the sandbox's.
 */
export function createGameFiles(config: { pterodactyl?: PterodactylAdapterConfig }, deps: { db: Knex; now: () => Date }): GameFilesAdapter {
  const live = config.pterodactyl;
  if (!live) return createSandboxGameFiles(deps.db, { now: deps.now });
  if (!live.clientKey) return unconfigured();
  return createLiveGameFiles({
    url: live.url,
    applicationKey: live.applicationKey,
    clientKey: live.clientKey,
    ...(live.flavour ? { flavour: live.flavour } : {}),
    ...(live.timeoutMs ? { timeoutMs: live.timeoutMs } : {}),
  });
}

function unconfigured(): GameFilesAdapter {
  const refuse = () => Promise.reject(new GameFilesUnconfigured());
  return {
    mode: 'live',
    list: refuse,
    read: refuse,
    write: refuse,
    download: refuse,
    upload: refuse,
    sftp: refuse,
    setSftpPassword: refuse,
  };
}
