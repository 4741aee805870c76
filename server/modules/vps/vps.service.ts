import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PowerStatus, VpsAction, VpsDto } from '../../../shared/schemas/vps';
import { decryptSecret } from '../../crypto/secret-box';
import { NotFoundError } from '../../http/errors';
import { authorize } from '../../policies/authorize';
import { CloudActionRefused } from '../../providers/cloud/errors';
import { CloudProviderError, CloudVpsNotFound, type CloudAdapter } from '../../providers/cloud/types';
import type { UserRow } from '../auth/users.repo';
import { writeAudit } from '../audit/audit.repo';
import { ActionNotPossible, CloudUnavailable, VpsBusy, VpsSuspended } from './vps.errors';
import { presentVps } from './vps.presenter';
import { findCustomerVps, listCustomerVps, recordPowerStatus, type CustomerVpsRow } from './vps.repo';
import type { Clock } from '../../clock/clock';

/** What the panel shows right after an action the provider accepted (OVH moves the machine later). */
const TRANSITION_OF: Record<VpsAction, PowerStatus> = { start: 'starting', stop: 'stopping', reboot: 'rebooting' };
/** A list must not wait on a slow provider: past this, the last known state is shown. */
const STATUS_TIMEOUT_MS = 3_000;

export function createVpsService(deps: {
  db: Knex;
  cloud: CloudAdapter;
  encryptionKey: string;
  logger: Pick<Logger, 'warn'>;
  clock: Clock;
}) {
  const { db, cloud, encryptionKey, logger } = deps;

  function password(row: CustomerVpsRow): string | null {
    if (!row.password_encrypted) return null;
    try {
      return decryptSecret(row.password_encrypted, encryptionKey);
    } catch {
      logger.warn({ vpsId: row.id }, 'VPS password could not be decrypted (key changed?)');
      return null;
    }
  }

  /**
   * The provider's word on a page of machines, asked all at once; past the timeout, or for a machine
   * it could not answer for, the last known state is shown. A state that moved is recorded.
   */
  async function currentStatuses(rows: CustomerVpsRow[]): Promise<PowerStatus[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CloudProviderError('status timeout')), STATUS_TIMEOUT_MS);
    });
    let answered = new Map<string, PowerStatus>();
    let reason = 'the provider did not answer for it';
    try {
      answered = await Promise.race([cloud.powerStatuses(rows.map((row) => row.service_name)), timeout]);
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err);
    } finally {
      clearTimeout(timer);
    }
    const unanswered = rows.filter((row) => !answered.has(row.service_name)).map((row) => row.id);
    if (unanswered.length) logger.warn({ vpsIds: unanswered, reason }, 'VPS state unavailable');
    const moved = rows.filter((row) => (answered.get(row.service_name) ?? row.power_status) !== row.power_status);
    await Promise.all(moved.map((row) => recordPowerStatus(db, row.id, answered.get(row.service_name)!, deps.clock.now())));
    return rows.map((row) => answered.get(row.service_name) ?? row.power_status);
  }

  return {
    /** A page of the customer's machines, newest first, and the cursor of the next page (null at the end). */
    async list(user: UserRow, page: { after?: number; limit: number }): Promise<{ vpsList: VpsDto[]; next: number | null }> {
      const { rows, next } = await listCustomerVps(db, user.id, page);
      // Bounded by the page size: one question about at most `limit` machines.
      const statuses = await currentStatuses(rows);
      return { vpsList: rows.map((row, i) => presentVps(row, statuses[i]!, password(row))), next };
    },

    async act(user: UserRow, vpsId: number, action: VpsAction): Promise<VpsDto> {
      const row = await findCustomerVps(db, user.id, vpsId);
      if (!row) throw NotFoundError('No such server');
      authorize(user, 'vps.act', row);
      if (row.state === 'suspended') throw VpsSuspended();
      const [before] = await currentStatuses([row]);
      try {
        await cloud.act(row.service_name, action);
      } catch (err) {
        if (err instanceof CloudActionRefused) throw err.reason === 'busy' ? VpsBusy() : ActionNotPossible(err.reason);
        if (err instanceof CloudProviderError || err instanceof CloudVpsNotFound) {
          logger.warn({ vpsId, action, reason: err.message }, 'VPS action failed at the provider');
          throw CloudUnavailable();
        }
        throw err;
      }
      const after = cloud.mode === 'simulated' ? (await cloud.getVps(row.service_name)).status : TRANSITION_OF[action];
      await recordPowerStatus(db, row.id, after, deps.clock.now());
      await writeAudit(db, {
        actorId: user.id,
        action: `vps.${action}`,
        entityType: 'vps',
        entityId: row.id,
        before: { status: before },
        after: { status: after, serviceName: row.service_name },
      });
      return presentVps(row, after, password(row));
    },
  };
}

export type VpsService = ReturnType<typeof createVpsService>;
