import type { Knex } from 'knex';
import type { Clock } from '../../server/clock/clock';
import { createJobQueue } from '../../server/jobs/job-queue';
import { PROVISION_SERVICE_QUEUE } from '../../server/jobs/queues';
import {
  createDeliveryRunner,
  createGameServerProvisioner,
  createVpsProvisioner,
  type DeliveryRunner,
  type ProvisionServiceJob,
} from '../../server/modules/services/index';
import type { Mailer } from '../../server/modules/mail/mail.service';
import type { VpsOrdering } from '../../server/providers/cloud/ordering-types';
import type { GamePanelAdapter } from '../../server/providers/game-panel/types';
import type { GameBackups } from '../../server/providers/game-panel/client-api/backups-types';
import type { DeliveryCloud } from '../../server/modules/services/delivery/vps.provisioner';
import { testLogger } from './app';

// Delivery as the worker runs it: the provision-service jobs a transaction queued are read back from
// pg-boss (proving they were queued with the commit), taken off the queue, and handed to the real
// runner; the test moves the clock between rounds instead of waiting for a provider.

export interface DeliveryHarness {
  runner: DeliveryRunner;
  /** Runs every step queued now, once each; answers how many ran and the errors thrown (a provider down). */
  runQueued(): Promise<{ ran: number; errors: unknown[] }>;
  /** The steps queued for a service and not run yet. */
  queuedFor(serviceId: number): Promise<number>;
}

export function deliveryHarness(
  db: Knex,
  deps: {
    clock: Clock;
    mailer: Mailer;
    panel: GamePanelAdapter;
    cloud: DeliveryCloud;
    ordering?: VpsOrdering | null;
    /** The panel's backups: with them, an offer with backups gets its daily schedule at delivery. */
    backups?: GameBackups;
  },
): DeliveryHarness {
  const logger = testLogger();
  const jobs = createJobQueue(db, logger);
  const runner = createDeliveryRunner({
    db,
    jobs,
    clock: deps.clock,
    mailer: deps.mailer,
    logger,
    provisioners: {
      pterodactyl: createGameServerProvisioner({ db, panel: deps.panel, ...(deps.backups ? { backups: deps.backups } : {}) }),
      inventory: createVpsProvisioner({ db, cloud: deps.cloud, ordering: deps.ordering ?? null, clock: deps.clock }),
      ovh_order: createVpsProvisioner({ db, cloud: deps.cloud, ordering: deps.ordering ?? null, clock: deps.clock }),
    },
  });
  return {
    runner,
    async runQueued() {
      const rows = (await db.raw("SELECT id, data FROM pgboss.job WHERE name = ? AND state = 'created' ORDER BY created_on, id", [
        PROVISION_SERVICE_QUEUE.name,
      ])) as { rows: { id: string; data: ProvisionServiceJob }[] };
      const errors: unknown[] = [];
      for (const row of rows.rows) {
        await db.raw('DELETE FROM pgboss.job WHERE id = ?', [row.id]);
        try {
          await runner.step(row.data);
        } catch (err) {
          errors.push(err);
        }
      }
      return { ran: rows.rows.length, errors };
    },
    async queuedFor(serviceId) {
      const rows = (await db.raw("SELECT count(*)::int AS n FROM pgboss.job WHERE name = ? AND state = 'created' AND data @> ?::jsonb", [
        PROVISION_SERVICE_QUEUE.name,
        JSON.stringify({ serviceId }),
      ])) as { rows: { n: number }[] };
      return rows.rows[0]!.n;
    },
  };
}

/**
 * A Paper Minecraft offer's delivery settings (the demo panel's egg 1, at location 1), as staff
 * save them on a product: what the game delivery tests buy. `backups` is the offer's backup limit.
 */
export function paperDeliverySettings(backups = 3) {
  return {
    egg: 1,
    dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
    startup: 'java -Xms128M -jar {{SERVER_JARFILE}}',
    environment: { SERVER_JARFILE: 'server.jar', BUILD_NUMBER: 'latest', MINECRAFT_VERSION: 'latest' },
    limits: { memory: 4096, swap: 0, disk: 20480, io: 500, cpu: 200 },
    featureLimits: { databases: 1, allocations: 1, backups },
    locations: [1],
  };
}
