import { createServiceMachines, type ServiceMachines } from '../../server/modules/services/machines/service-machines';
import type { CloudAdapter } from '../../server/providers/cloud/types';
import {
  GamePanelNotFound,
  GamePanelUnavailable,
  type GamePanelAdapter,
  type GameServerState,
} from '../../server/providers/game-panel/types';
import { testLogger } from './app';

// The billing cycle's provider side in tests: the cloud the test gives (the simulated fleet) and a
// game panel that keeps the servers a test puts on it and records what it was asked. Until the
// sandbox panel lands in main, this stands for it in billing tests only (delivery is not modelled).

export interface PanelServer {
  suspended: boolean;
  deleted: boolean;
}

export interface RecordingGamePanel extends GamePanelAdapter {
  /** Every suspend, unsuspend and delete asked, in order. */
  readonly calls: { action: 'suspend' | 'unsuspend' | 'deleteServer'; id: number }[];
  /** Puts a running server on the panel and answers its id. */
  addServer(): number;
  server(id: number): PanelServer | undefined;
  /** While true, every call fails as a panel that is down does. */
  down: boolean;
}

export function recordingGamePanel(): RecordingGamePanel {
  const servers = new Map<number, PanelServer>();
  let nextId = 1000;
  const calls: RecordingGamePanel['calls'] = [];
  const unused = () => Promise.reject(new Error('not used by the billing cycle'));

  function reach(action: RecordingGamePanel['calls'][number]['action'], id: number): PanelServer | undefined {
    calls.push({ action, id });
    if (panel.down) throw new GamePanelUnavailable('panel unreachable');
    const found = servers.get(id);
    return found && !found.deleted ? found : undefined;
  }

  const panel: RecordingGamePanel = {
    mode: 'sandbox',
    flavour: 'pterodactyl',
    calls,
    down: false,
    addServer() {
      nextId += 1;
      servers.set(nextId, { suspended: false, deleted: false });
      return nextId;
    },
    server: (id) => servers.get(id),
    findOrCreateUser: unused,
    findServerByExternalId: unused,
    createServer: unused,
    catalogue: unused,
    getServer(id): Promise<GameServerState> {
      const found = servers.get(id);
      if (!found || found.deleted) return Promise.reject(new GamePanelNotFound(`server ${id}`));
      return Promise.resolve({
        id,
        identifier: `srv${id}`,
        externalId: null,
        status: found.suspended ? 'suspended' : null,
        suspended: found.suspended,
        allocation: null,
      });
    },
    async suspend(id) {
      const found = reach('suspend', id);
      if (!found) throw new GamePanelNotFound(`server ${id}`);
      found.suspended = true;
    },
    async unsuspend(id) {
      const found = reach('unsuspend', id);
      if (!found) throw new GamePanelNotFound(`server ${id}`);
      found.suspended = false;
    },
    async deleteServer(id) {
      const found = reach('deleteServer', id);
      if (found) found.deleted = true; // a server already gone is not an error
    },
  };
  return panel;
}

/** The billing cycle's machines on `cloud` and `gamePanel` (a fresh recording panel unless given). */
export function testMachines(cloud: CloudAdapter, gamePanel: GamePanelAdapter = recordingGamePanel()): ServiceMachines {
  return createServiceMachines({ cloud, gamePanel, logger: testLogger() });
}
