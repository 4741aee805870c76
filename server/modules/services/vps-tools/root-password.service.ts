import type { Knex } from 'knex';
import type { Clock } from '../../../clock/clock';
import { encryptSecret } from '../../../crypto/secret-box';
import { ConflictError } from '../../../http/errors';
import { CloudTaskRefused, type CloudVpsTools, type RootPasswordReset } from '../../../providers/cloud/types';
import { writeAudit } from '../../audit/audit.repo';
import type { UserRow } from '../../auth/users.repo';
import { ownedVps, providerFailure } from './owned-vps';
import { recordRootPassword } from './vps-tools.repo';

/**
 * Root's password reset (OVH setPassword). OVH runs a task, then mails the new password to the
 * account holder: the panel says so, and forgets the password it kept (it no longer opens the
 * machine). The sandbox gives the new one at once: kept sealed, as the delivery's, and shown once.
 */
export function createRootPassword(deps: { db: Knex; clock: Clock; cloud: CloudVpsTools; encryptionKey: string }) {
  const { db, clock, cloud, encryptionKey } = deps;

  async function running(machine: string): Promise<boolean> {
    return (await cloud.runningTasks(machine, ['changeRootPassword'])).length > 0;
  }

  return {
    async state(user: UserRow, id: number): Promise<{ running: boolean }> {
      const { machine } = await ownedVps(db, user, id);
      return { running: await running(machine).catch(providerFailure) };
    },

    async reset(user: UserRow, id: number, ip?: string): Promise<{ reset: RootPasswordReset }> {
      const { service, machine } = await ownedVps(db, user, id);
      if (await running(machine).catch(providerFailure)) {
        throw ConflictError('password_reset_running', 'A root password reset is already running on this server');
      }
      let reset: RootPasswordReset;
      try {
        reset = await cloud.resetRootPassword(machine);
      } catch (err) {
        if (err instanceof CloudTaskRefused) throw ConflictError('password_reset_refused', 'The provider refused the reset for now');
        return providerFailure(err);
      }
      await db.transaction(async (trx) => {
        const sealed = reset.delivery === 'given' ? encryptSecret(reset.password, encryptionKey) : null;
        await recordRootPassword(trx, service.vps_id!, sealed, clock.now());
        // Never the password itself: how it reaches the customer.
        await writeAudit(trx, {
          actorId: user.id,
          action: 'service.password_reset',
          entityType: 'service',
          entityId: id,
          after: { delivery: reset.delivery },
          ip,
        });
      });
      return { reset };
    },
  };
}

export type RootPassword = ReturnType<typeof createRootPassword>;
