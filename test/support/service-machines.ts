import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { createServiceMachines, type ServiceMachines } from '../../server/modules/services/machines/service-machines';
import type { CloudAdapter } from '../../server/providers/cloud/types';
import { createSandboxGamePanel } from '../../server/providers/game-panel/sandbox';
import { GamePanelUnavailable, type GamePanelAdapter, type GameServerState } from '../../server/providers/game-panel/types';
import { testLogger } from './app';

// The billing cycle's provider side in tests: the cloud the test gives (the simulated fleet) and
// the sandbox game panel on the test database, unless the test gives its own.

/** The machines of the billing cycle and the payment follow-up, on `cloud` and `gamePanel`. */
export function testMachines(db: Knex, cloud: CloudAdapter, gamePanel: GamePanelAdapter = createSandboxGamePanel(db)): ServiceMachines {
  return createServiceMachines({ cloud, gamePanel, logger: testLogger() });
}

/** A Minecraft server made on the panel as a delivery leaves it (installed once the panel's clock passed its install). */
export async function serverOnPanel(panel: GamePanelAdapter): Promise<GameServerState & { allocation: { host: string; port: number } }> {
  const tag = randomBytes(4).toString('hex');
  const user = await panel.findOrCreateUser({
    externalId: `user-${tag}`,
    email: `player-${tag}@example.test`,
    username: `player${tag}`,
    firstName: 'Jeanne',
    lastName: 'Dupont',
  });
  const server = await panel.createServer({
    externalId: `service-${tag}`,
    name: 'Minecraft Survie 4 Go',
    userId: user.id,
    egg: 1,
    dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
    environment: { MINECRAFT_VERSION: '1.21.4', SERVER_JARFILE: 'server.jar', DL_PATH: '', BUILD_NUMBER: 'latest' },
    limits: { memory: 4096, swap: 0, disk: 20480, io: 500, cpu: 200 },
    featureLimits: { databases: 1, allocations: 1, backups: 2 },
    deploy: { locations: [1] },
  });
  if (!server.allocation) throw new Error('the sandbox panel made a server without an address');
  return { ...server, allocation: server.allocation };
}

/** `panel` behind a switch: while `down`, suspending, unsuspending and deleting fail as a panel that is down does. */
export function switchablePanel(panel: GamePanelAdapter): GamePanelAdapter & { down: boolean } {
  const unreachable = () => Promise.reject(new GamePanelUnavailable('panel unreachable'));
  const switched: GamePanelAdapter & { down: boolean } = {
    ...panel,
    down: false,
    suspend: (id) => (switched.down ? unreachable() : panel.suspend(id)),
    unsuspend: (id) => (switched.down ? unreachable() : panel.unsuspend(id)),
    deleteServer: (id) => (switched.down ? unreachable() : panel.deleteServer(id)),
  };
  return switched;
}
