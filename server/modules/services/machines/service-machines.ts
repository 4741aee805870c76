import type { Logger } from 'pino';
import type { ServiceKind } from '../../../../shared/constants';
import type { PowerStatus } from '../../../../shared/schemas/vps';
import { CloudActionRefused } from '../../../providers/cloud/errors';
import { CloudVpsNotFound, type CloudAdapter } from '../../../providers/cloud/types';
import { GamePanelNotFound, type GamePanelAdapter } from '../../../providers/game-panel/types';

// The provider side of a service's life (DESIGN.md §7): what suspending, unsuspending or ending a
// service means at the cloud (a VPS) or on the game panel (a game server). The billing cycle and
// the payment follow-up speak only this; the database side stays with them.

/** What the provider needs to find a service's machine. */
export interface ServiceMachineRef {
  id: number;
  kind: ServiceKind;
  /** The VPS's name at the cloud provider (vps.service_name); null for a game server. */
  vps_service_name: string | null;
  /** The game server's id on the panel; null for a VPS (or a game server never created). */
  panel_server_id: number | null;
}

/** What the provider says once the action went through: a VPS's power state, null for a game server. */
export interface MachineOutcome {
  powerStatus: PowerStatus | null;
}

export interface ServiceMachines {
  /** Stops the VPS or suspends the game server; one already stopped or suspended is fine. */
  suspend(service: ServiceMachineRef): Promise<MachineOutcome>;
  /** Starts the VPS or unsuspends the game server; one already running is fine. */
  unsuspend(service: ServiceMachineRef): Promise<MachineOutcome>;
  /** Ends it at the provider, which deletes its data; one already gone is fine. */
  terminate(service: ServiceMachineRef): Promise<void>;
}

const NOTHING: MachineOutcome = { powerStatus: null };

export function createServiceMachines(deps: {
  cloud: CloudAdapter;
  gamePanel: GamePanelAdapter;
  logger: Pick<Logger, 'info' | 'warn'>;
}): ServiceMachines {
  const { cloud, gamePanel, logger } = deps;

  /** The machine's name or id at its provider; null when nothing was ever created there. */
  function vpsName(service: ServiceMachineRef): string | null {
    if (service.vps_service_name === null) logger.info({ serviceId: service.id }, 'VPS service without a machine: nothing at the cloud');
    return service.vps_service_name;
  }
  function panelId(service: ServiceMachineRef): number | null {
    if (service.panel_server_id === null)
      logger.info({ serviceId: service.id }, 'game service without a panel server: nothing on the panel');
    return service.panel_server_id;
  }

  /** A power action where the machine already being there is no error; then its state as the cloud reads it. */
  async function power(name: string, action: 'stop' | 'start'): Promise<MachineOutcome> {
    try {
      await cloud.act(name, action);
    } catch (err) {
      const done = action === 'stop' ? 'already_stopped' : 'already_running';
      if (!(err instanceof CloudActionRefused && err.reason === done)) throw err;
    }
    return { powerStatus: (await cloud.getVps(name)).status };
  }

  return {
    async suspend(service) {
      if (service.kind === 'vps') {
        const name = vpsName(service);
        return name === null ? NOTHING : power(name, 'stop');
      }
      const id = panelId(service);
      if (id === null) return NOTHING;
      try {
        await gamePanel.suspend(id);
      } catch (err) {
        // Deleted on the panel by hand: nothing runs that could be suspended.
        if (!(err instanceof GamePanelNotFound)) throw err;
        logger.warn({ serviceId: service.id, panelServerId: id }, 'game server to suspend is not on the panel');
      }
      return NOTHING;
    },

    async unsuspend(service) {
      if (service.kind === 'vps') {
        const name = vpsName(service);
        if (name === null) return NOTHING;
        // Already up or on its way (a retried job): nothing to ask.
        const { status } = await cloud.getVps(name);
        return status === 'running' || status === 'starting' ? { powerStatus: status } : power(name, 'start');
      }
      const id = panelId(service);
      if (id !== null) await gamePanel.unsuspend(id);
      return NOTHING;
    },

    async terminate(service) {
      if (service.kind === 'vps') {
        const name = vpsName(service);
        if (name === null) return;
        try {
          await cloud.terminate(name);
        } catch (err) {
          if (!(err instanceof CloudVpsNotFound)) throw err; // gone already
        }
        return;
      }
      const id = panelId(service);
      if (id !== null) await gamePanel.deleteServer(id);
    },
  };
}
