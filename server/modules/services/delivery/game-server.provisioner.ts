import type { Knex } from 'knex';
import { gameServerSettingsFor, pterodactylSettingsSchema } from '../../../../shared/schemas/delivery-settings';
import { GameBackupsNotConfigured, type GameBackups } from '../../../providers/game-panel/client-api/backups-types';
import { GamePanelRefused, type GamePanelAdapter, type GameServerSpec, type GameServerState } from '../../../providers/game-panel/types';
import { recordServiceFacts, type ServiceRow } from '../services.repo';
import { productDelivery, serviceOwner, type ProductDeliveryRow } from './delivery.repo';
import { delivered, refused, waiting, type Provisioner, type StepOutcome } from './provisioner';

/** How often to look at an install while the node runs it. */
const INSTALL_POLL_SECONDS = 3;

/**
 * A game server on Pterodactyl (or Pelican): the panel user found or made, the server made once per
 * service (looked up by its external id first, so a worker that died between the create and its
 * record finds it again), then followed until the node has installed it.
 */
export function createGameServerProvisioner(deps: { db: Knex; panel: GamePanelAdapter; backups?: GameBackups }): Provisioner {
  const { db, panel, backups } = deps;

  /**
   * An offer with backups (featureLimits.backups >= 1) promises a daily one: the panel's schedule
   * with a backup task, set once (looked up first, so a retried delivery adds no second). A live
   * panel without its client key cannot set it: the server is delivered all the same.
   */
  async function dailyBackups(product: ProductDeliveryRow, identifier: string): Promise<StepOutcome | null> {
    const settings = pterodactylSettingsSchema.safeParse(product.delivery_config);
    if (!backups || !settings.success || settings.data.featureLimits.backups < 1) return null;
    try {
      await backups.ensureDailySchedule(identifier);
    } catch (err) {
      if (err instanceof GameBackupsNotConfigured) return null;
      if (err instanceof GamePanelRefused) return refused(`the panel refused the daily backup schedule: ${err.message}`);
      throw err;
    }
    return null;
  }

  async function serverOf(service: ServiceRow, product: ProductDeliveryRow): Promise<GameServerState | StepOutcome> {
    if (service.panel_server_id !== null) return panel.getServer(service.panel_server_id);
    const found = await panel.findServerByExternalId(String(service.id));
    if (found) return found;
    const spec = await serverSpec(service, product);
    if ('kind' in spec) return spec;
    return panel.createServer(spec);
  }

  async function serverSpec(service: ServiceRow, product: ProductDeliveryRow): Promise<GameServerSpec | StepOutcome> {
    const settings = pterodactylSettingsSchema.safeParse(product.delivery_config);
    if (!settings.success) return refused(`the product's panel settings are incomplete: ${settings.error.issues[0]?.message ?? ''}`);
    const owner = await serviceOwner(db, service.user_id);
    if (!owner) return refused('the customer no longer exists');
    const variant = product.variants.find((v) => v.id === service.variant);
    if (service.variant && !variant) return refused(`the variant ${service.variant} is no longer offered`);
    const s = settings.data;
    const [first, ...rest] = (owner.full_name ?? '').trim().split(/\s+/);
    const user = await panel.findOrCreateUser({
      externalId: String(owner.id),
      email: owner.email,
      username: `client${owner.id}`,
      firstName: first || 'Client',
      lastName: rest.join(' ') || String(owner.id),
    });
    return {
      externalId: String(service.id),
      name: `${product.name} #${service.id}`,
      userId: user.id,
      // What the product form checked against the panel is what the panel gets.
      ...gameServerSettingsFor(s, variant ? { ...variant, environment: variant.environment ?? {} } : null),
      limits: s.limits,
      featureLimits: s.featureLimits,
      deploy: s.tags.length ? { tags: s.tags, portRange: s.portRange } : { locations: s.locations, portRange: s.portRange },
    };
  }

  return {
    async step(service) {
      if (service.product_id === null) return refused('the product was deleted');
      const product = await productDelivery(db, service.product_id);
      if (!product) return refused('the product was deleted');
      let server: GameServerState | StepOutcome;
      try {
        server = await serverOf(service, product);
      } catch (err) {
        if (err instanceof GamePanelRefused) return refused(err.message);
        throw err;
      }
      if ('kind' in server) return server;
      if (service.panel_server_id !== server.id) {
        await recordServiceFacts(db, service.id, { panel_server_id: server.id, panel_identifier: server.identifier });
      }
      if (server.status === 'install_failed' || server.status === 'reinstall_failed')
        return refused('the panel could not install the server');
      if (server.status === 'installing' || !server.allocation) return waiting(INSTALL_POLL_SECONDS, 'installing on the node');
      const scheduleProblem = await dailyBackups(product, server.identifier);
      if (scheduleProblem) return scheduleProblem;
      return delivered({ host: server.allocation.host, port: server.allocation.port });
    },
  };
}
